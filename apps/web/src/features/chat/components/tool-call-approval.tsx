import type { ToolApprovalDecision, ToolCallView } from '@parallax/contract';
import { ShieldQuestion } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { decideToolCall } from '../api/decide-tool-call';
import { prettyArguments } from '../model/pretty-arguments';

const DECISIONS: { decision: ToolApprovalDecision; label: string }[] = [
  { decision: 'allow', label: 'Allow' },
  { decision: 'deny', label: 'Deny' },
  { decision: 'always', label: 'Always allow' },
];

/**
 * The prompt of a tool call that waits for the owner: the tool, its server and the exact
 * arguments it would run with (plain text: the model wrote them), and the three answers. The
 * row changes state when the socket says the server took the answer.
 */
export function ToolCallApproval({
  call,
  messageId,
  decide = decideToolCall,
}: {
  call: ToolCallView;
  messageId: string;
  decide?: typeof decideToolCall;
}) {
  const id = useId();
  const [sent, setSent] = useState<ToolApprovalDecision | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const answer = (decision: ToolApprovalDecision) => {
    setSent(decision);
    setFailed(null);
    decide(messageId, call.id, decision).catch((error: unknown) => {
      setSent(null);
      setFailed(
        error instanceof Error && error.message ? error.message : 'The answer was not sent.',
      );
    });
  };
  const tool = call.mcp ? call.mcp.tool : call.name;
  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-args`}
      data-testid="tool-approval"
      className="border-t border-line px-3 py-2"
    >
      <p id={`${id}-title`} className="flex items-center gap-1.5 text-sm font-medium text-fg">
        <ShieldQuestion
          className="size-4 shrink-0 text-amber-600 dark:text-amber-400"
          aria-hidden
        />
        <span className="min-w-0 break-words">
          Run {tool}
          {call.mcp && (
            <span className="font-normal text-fg-muted"> from {call.mcp.server_title}</span>
          )}
          ?
        </span>
      </p>
      <p className="mt-1 text-xs text-fg-muted">It would run with exactly these arguments:</p>
      <pre
        id={`${id}-args`}
        data-testid="tool-approval-arguments"
        className="mt-1 max-h-60 overflow-auto rounded-md bg-surface-2 px-2 py-1.5 text-xs break-words whitespace-pre-wrap text-fg"
      >
        {prettyArguments(call.arguments)}
      </pre>
      <div className="mt-2 flex flex-wrap gap-2">
        {DECISIONS.map(({ decision, label }) => (
          <Button
            key={decision}
            type="button"
            size="sm"
            variant={
              decision === 'deny' ? 'outline' : decision === 'allow' ? 'primary' : 'secondary'
            }
            disabled={sent !== null}
            loading={sent === decision}
            onClick={() => answer(decision)}
          >
            {label}
          </Button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
          {failed}
        </p>
      )}
    </div>
  );
}
