import type { McpComposerText, McpPromptView, McpServerView } from '@parallax/contract';
import { FileText, MessageSquareText } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { getMcpPromptText, readMcpResourceText } from '../api/mcp-servers';

const message = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * A server's prompts (inserted into the message box, filled with their arguments, for the user
 * to read and edit) and resources (attached as context: their text framed by the server as
 * untrusted data). Names and descriptions are the server's own text: shown as plain text.
 */
export function McpServerExtras({
  server,
  onInsert,
}: {
  server: McpServerView;
  onInsert: (text: string) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const count = server.prompts.length + server.resources.length;
  if (count === 0 || server.health.state !== 'connected') return null;

  const run = async (key: string, load: () => Promise<McpComposerText>) => {
    setBusy(key);
    try {
      const { text, truncated } = await load();
      onInsert(text);
      if (truncated) toast.info('Only the first part fits in a message.');
    } catch (error) {
      toast.error(message(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <details className="mt-2 ml-13" data-testid="mcp-menu-extras">
      <summary className="cursor-pointer text-xs font-medium text-fg-muted">
        Prompts and resources ({count})
      </summary>
      <ul
        className="mt-1 flex flex-col gap-1.5"
        aria-label={`${server.title} prompts and resources`}
      >
        {server.prompts.map((prompt) => (
          <PromptItem
            key={`p:${prompt.name}`}
            prompt={prompt}
            busy={busy === `p:${prompt.name}`}
            onRun={(args) =>
              void run(`p:${prompt.name}`, () =>
                getMcpPromptText(server.id, { name: prompt.name, arguments: args }),
              )
            }
          />
        ))}
        {server.resources.map((resource) => (
          <li key={`r:${resource.uri}`} className="flex items-start justify-between gap-2">
            <span className="flex min-w-0 items-start gap-1.5">
              <FileText className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
              <span className="min-w-0">
                <span className="block break-words">{resource.title ?? resource.name}</span>
                {resource.description && (
                  <span className="line-clamp-2 block text-xs break-words text-fg-muted">
                    {resource.description}
                  </span>
                )}
              </span>
            </span>
            <Button
              size="sm"
              variant="outline"
              loading={busy === `r:${resource.uri}`}
              aria-label={`Attach ${resource.title ?? resource.name}`}
              onClick={() =>
                void run(`r:${resource.uri}`, () => readMcpResourceText(server.id, resource.uri))
              }
            >
              Attach
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

function PromptItem({
  prompt,
  busy,
  onRun,
}: {
  prompt: McpPromptView;
  busy: boolean;
  onRun: (args: Record<string, string>) => void;
}) {
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const label = prompt.title ?? prompt.name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
    setAsking(false);
  };
  return (
    <li>
      <div className="flex items-start justify-between gap-2">
        <span className="flex min-w-0 items-start gap-1.5">
          <MessageSquareText className="mt-0.5 size-4 shrink-0 text-fg-subtle" aria-hidden />
          <span className="min-w-0">
            <span className="block break-words">{label}</span>
            {prompt.description && (
              <span className="line-clamp-2 block text-xs break-words text-fg-muted">
                {prompt.description}
              </span>
            )}
          </span>
        </span>
        <Button
          size="sm"
          variant="outline"
          loading={busy}
          aria-expanded={prompt.arguments.length > 0 ? asking : undefined}
          aria-label={`Insert ${label}`}
          onClick={() => (prompt.arguments.length > 0 ? setAsking((a) => !a) : onRun({}))}
        >
          Insert
        </Button>
      </div>
      {asking && (
        <form className="mt-1.5 ml-5.5 flex flex-col gap-1.5" onSubmit={submit}>
          {prompt.arguments.map((arg) => (
            <label key={arg.name} className="block text-xs">
              <span className="font-medium">
                {arg.name}
                {arg.required ? '' : ' (optional)'}
              </span>
              <input
                id={`${id}-${arg.name}`}
                required={arg.required}
                maxLength={2_000}
                value={values[arg.name] ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, [arg.name]: e.target.value }))}
                className="mt-0.5 block w-full min-w-0 rounded-lg border border-line bg-surface px-2 py-1 text-sm"
              />
              {arg.description && <span className="text-fg-muted">{arg.description}</span>}
            </label>
          ))}
          <Button type="submit" size="sm" className="self-start">
            Insert into message
          </Button>
        </form>
      )}
    </li>
  );
}
