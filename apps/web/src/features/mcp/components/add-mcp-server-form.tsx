import type { McpServerView } from '@parallax/contract';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';
import {
  errorsFromMessage,
  toCreateRequest,
  type AuthChoice,
  type ServerForm,
  type ServerFormErrors,
} from '../model/server-form';

const EMPTY: ServerForm = { name: '', url: '', auth: 'none', token: '' };

const AUTH_CHOICES: { value: AuthChoice; label: string }[] = [
  { value: 'none', label: 'None' },
  { value: 'bearer', label: 'Bearer token' },
  { value: 'oauth', label: 'Sign in with the server (OAuth)' },
];

/** Settings → Tools: add a Streamable HTTP server by its URL. */
export function AddMcpServerForm({
  onAdd,
}: {
  onAdd: (body: NonNullable<ReturnType<typeof toCreateRequest>['body']>) => Promise<McpServerView>;
}) {
  const id = useId();
  const [form, setForm] = useState<ServerForm>(EMPTY);
  const [errors, setErrors] = useState<ServerFormErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<ServerForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const made = toCreateRequest(form);
    if (!made.body) {
      setErrors(made.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onAdd(made.body);
      setForm(EMPTY);
    } catch (error) {
      setErrors(errorsFromMessage(error instanceof Error ? error.message : 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const described = (field: keyof ServerFormErrors, hint?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
      undefined,
  });

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-3"
      aria-label="Add a server"
    >
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div>
          <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium">
            Name
          </label>
          <Input
            id={`${id}-name`}
            value={form.name}
            autoComplete="off"
            spellCheck={false}
            placeholder="notes"
            disabled={busy}
            onChange={(e) => change({ name: e.target.value })}
            {...described('name', `${id}-name-hint`)}
          />
          <p id={`${id}-name-hint`} className="mt-1 text-xs text-fg-muted">
            Lowercase; it prefixes the tools’ names.
          </p>
          <FieldError id={`${id}-name-error`} message={errors.name ?? null} />
        </div>
        <div>
          <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
            Server URL
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            spellCheck={false}
            placeholder="https://mcp.example.com/mcp"
            value={form.url}
            disabled={busy}
            onChange={(e) => change({ url: e.target.value })}
            {...described('url', `${id}-url-hint`)}
          />
          <p id={`${id}-url-hint`} className="mt-1 text-xs text-fg-muted">
            The address of a Streamable HTTP MCP endpoint.
          </p>
          <FieldError id={`${id}-url-error`} message={errors.url ?? null} />
        </div>
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Authentication</legend>
        <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
          {AUTH_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-auth`}
                value={choice.value}
                checked={form.auth === choice.value}
                disabled={busy}
                onChange={() => change({ auth: choice.value })}
                className="size-4 accent-accent"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
      {form.auth === 'bearer' && (
        <div>
          <label htmlFor={`${id}-token`} className="mb-1 block text-sm font-medium">
            Token
          </label>
          <Input
            id={`${id}-token`}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={form.token}
            disabled={busy}
            onChange={(e) => change({ token: e.target.value })}
            {...described('token', `${id}-token-hint`)}
          />
          <p id={`${id}-token-hint`} className="mt-1 text-xs text-fg-muted">
            Kept sealed and never shown again.
          </p>
          <FieldError id={`${id}-token-error`} message={errors.token ?? null} />
        </div>
      )}
      <FieldError id={`${id}-form-error`} message={errors.form ?? null} />
      <Button type="submit" loading={busy}>
        Add server
      </Button>
    </form>
  );
}
