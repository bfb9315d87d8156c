import type { ToolCallView } from '@parallax/contract';
import { Ban, Check, ChevronRight, FileText, Globe, Hand, Square, Wrench, X } from 'lucide-react';
import { Spinner } from '../../../ui/spinner';
import { toolDuration, toolLabel, toolSubject } from '../model/tool-call-label';
import { ToolCallApproval } from './tool-call-approval';

const ICONS: Record<string, typeof Globe> = { web_search: Globe, read_page: FileText };

const STATUS_TEXT: Record<ToolCallView['status'], string> = {
  running: 'Running',
  awaiting_approval: 'Waiting for your approval',
  completed: 'Done',
  error: 'Failed',
  cancelled: 'Stopped',
  denied: 'Denied',
};

function StatusMark({ status }: { status: ToolCallView['status'] }) {
  if (status === 'running') return <Spinner size="sm" className="text-accent" />;
  const Icon =
    status === 'completed'
      ? Check
      : status === 'error'
        ? X
        : status === 'awaiting_approval'
          ? Hand
          : status === 'denied'
            ? Ban
            : Square;
  const tone =
    status === 'completed'
      ? 'text-emerald-600 dark:text-emerald-400'
      : status === 'error'
        ? 'text-red-600 dark:text-red-400'
        : status === 'awaiting_approval'
          ? 'text-amber-600 dark:text-amber-400'
          : 'text-fg-muted';
  return <Icon className={`size-4 shrink-0 ${tone}`} aria-hidden />;
}

/**
 * The tools an answer called, one compact row each (tool, what it was asked, status, time),
 * opening to the result or the error. A call that waits for the owner shows its exact
 * arguments and the answers under the row. Results, progress notes and arguments are untrusted
 * text: shown as plain text only.
 */
export function ToolCallRows({
  calls,
  messageId,
}: {
  calls: readonly ToolCallView[];
  /** The answer's id, which the approval route names; without it no answers are offered. */
  messageId?: string;
}) {
  if (calls.length === 0) return null;
  return (
    <ul aria-label="Tool calls" className="mb-2 flex flex-col gap-1" data-testid="tool-calls">
      {calls.map((call) => (
        <ToolCallRow key={call.id} call={call} messageId={messageId} />
      ))}
    </ul>
  );
}

function ToolCallRow({ call, messageId }: { call: ToolCallView; messageId: string | undefined }) {
  const Icon = ICONS[call.name] ?? Wrench;
  const subject = toolSubject(call);
  const detail = call.status === 'error' ? call.error : call.result;
  const waiting = call.status === 'awaiting_approval';
  return (
    <li data-testid="tool-call" data-tool={call.name} data-status={call.status}>
      <div
        className={
          waiting
            ? 'rounded-lg border border-amber-300 bg-surface text-sm dark:border-amber-800'
            : 'rounded-lg border border-line bg-surface text-sm'
        }
      >
        <details className="group/tool">
          <summary className="flex min-w-0 cursor-pointer list-none items-center gap-2 rounded-lg px-2.5 py-1.5 focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-3.5 shrink-0 text-fg-subtle transition-transform group-open/tool:rotate-90"
              aria-hidden
            />
            <Icon className="size-4 shrink-0 text-fg-muted" aria-hidden />
            <span className="shrink-0 font-medium text-fg">
              {call.mcp ? `${call.mcp.server_title} · ${call.mcp.tool}` : toolLabel(call.name)}
            </span>
            {subject && (
              <span className="min-w-0 truncate text-fg-muted" title={subject}>
                {subject}
              </span>
            )}
            <span className="ml-auto flex shrink-0 items-center gap-1.5 text-xs text-fg-muted">
              {call.duration_ms !== undefined && (
                <span className="tabular-nums">{toolDuration(call.duration_ms)}</span>
              )}
              <StatusMark status={call.status} />
              {waiting || call.status === 'denied' ? (
                // Narrow screens keep the mark only: the prompt under the row says the rest.
                <>
                  <span className="hidden sm:inline">{STATUS_TEXT[call.status]}</span>
                  <span className="sr-only sm:hidden">{STATUS_TEXT[call.status]}</span>
                </>
              ) : (
                <span className="sr-only">{STATUS_TEXT[call.status]}</span>
              )}
            </span>
          </summary>
          <div className="border-t border-line px-3 py-2">
            {call.status === 'error' && call.error && (
              <p className="mb-1 text-red-600 dark:text-red-400" data-testid="tool-call-error">
                {call.error}
              </p>
            )}
            {call.status !== 'error' && detail ? (
              <pre className="max-h-60 overflow-auto text-xs break-words whitespace-pre-wrap text-fg-muted">
                {detail}
              </pre>
            ) : call.status === 'running' ? (
              <p className="text-fg-muted">Running…</p>
            ) : call.status === 'denied' ? (
              <p className="text-fg-muted">Not run: it was denied.</p>
            ) : waiting ? null : call.status !== 'error' ? (
              <p className="text-fg-muted">No result.</p>
            ) : null}
            <p className="mt-1 text-xs break-all text-fg-subtle">
              <span className="font-medium">Arguments:</span> {call.arguments}
            </p>
          </div>
        </details>
        {call.status === 'running' && call.progress && (
          <p
            className="truncate border-t border-line px-3 py-1 text-xs text-fg-muted"
            data-testid="tool-call-progress"
            aria-live="polite"
            title={call.progress}
          >
            {call.progress}
          </p>
        )}
        {waiting && messageId && <ToolCallApproval call={call} messageId={messageId} />}
      </div>
    </li>
  );
}
