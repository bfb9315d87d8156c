import type {
  AdminMcpServer,
  CreateAdminMcpServerRequest,
  UpdateAdminMcpServerRequest,
} from '@parallax/contract';
import { useId, useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input, Textarea } from '../../../ui/input';
import {
  adminErrorsFrom,
  emptyAdminServerForm,
  formOfServer,
  toCreateAdminServer,
  toUpdateAdminServer,
  type AdminAuthChoice,
  type AdminServerErrors,
  type AdminServerField,
  type AdminServerForm,
} from '../model/mcp-server-form';

const AUTH_LABELS: Record<AdminAuthChoice, string> = {
  none: 'None',
  bearer: 'Bearer token',
  headers: 'Headers',
  oauth: 'OAuth: each user signs in',
};

const SELECT =
  'h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring';

/**
 * Add or edit an admin MCP server. Tokens and header values are write-only: an edit shows what
 * is set by its hint and sends a secret only when a new one is typed.
 */
export function McpServerForm({
  server,
  onCreate,
  onUpdate,
  onCancel,
}: {
  /** Absent: a new server (saved through onCreate); present: an edit (through onUpdate). */
  server?: AdminMcpServer;
  onCreate?: (body: CreateAdminMcpServerRequest) => Promise<void>;
  onUpdate?: (body: UpdateAdminMcpServerRequest) => Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<AdminServerForm>(() =>
    server ? formOfServer(server) : emptyAdminServerForm(),
  );
  const [errors, setErrors] = useState<AdminServerErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (patch: Partial<AdminServerForm>) => setForm((f) => ({ ...f, ...patch }));
  const keepsSecret = server !== undefined && server.auth === form.auth;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const made = server ? toUpdateAdminServer(form, server) : null;
    const created = server ? null : toCreateAdminServer(form);
    const errs = made?.errors ?? created?.errors;
    if (errs) {
      setErrors(errs);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (made?.body) await onUpdate?.(made.body);
      if (created?.body) {
        await onCreate?.(created.body);
        setForm(emptyAdminServerForm());
      }
    } catch (error) {
      setErrors(adminErrorsFrom(error instanceof Error ? error.message : 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: AdminServerField, hint?: string) => ({
    id: `${id}-${name}`,
    disabled: busy,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [hint, errors[name] ? `${id}-${name}-error` : undefined].filter(Boolean).join(' ') ||
      undefined,
  });
  const label = (name: string, text: string) => (
    <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-medium">
      {text}
    </label>
  );
  const error = (name: AdminServerField) => (
    <FieldError id={`${id}-${name}-error`} message={errors[name] ?? null} />
  );

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-3"
      aria-label={server ? `Edit ${server.title}` : 'Add an MCP server'}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {!server && (
          <div>
            {label('name', 'Name')}
            <Input
              {...field('name', `${id}-name-hint`)}
              value={form.name}
              autoComplete="off"
              spellCheck={false}
              placeholder="files"
              onChange={(e) => change({ name: e.target.value })}
            />
            <p id={`${id}-name-hint`} className="mt-1 text-xs text-fg-muted">
              Prefixes its tools’ names; cannot change later.
            </p>
            {error('name')}
          </div>
        )}
        <div>
          {label('title', 'Title')}
          <Input
            {...field('title')}
            value={form.title}
            placeholder={server ? undefined : 'Shown to users (optional)'}
            onChange={(e) => change({ title: e.target.value })}
          />
          {error('title')}
        </div>
        <div className="sm:col-span-2">
          {label('url', 'URL')}
          <Input
            {...field('url')}
            type="url"
            inputMode="url"
            spellCheck={false}
            value={form.url}
            placeholder="https://mcp.example.com/mcp"
            onChange={(e) => change({ url: e.target.value })}
          />
          {error('url')}
        </div>
        <div>
          {label('transport', 'Transport')}
          <select
            id={`${id}-transport`}
            className={SELECT}
            value={form.transport}
            disabled={busy}
            onChange={(e) => change({ transport: e.target.value as AdminServerForm['transport'] })}
          >
            <option value="streamable_http">Streamable HTTP</option>
            <option value="sse">SSE (older servers)</option>
          </select>
        </div>
        <div>
          {label('auth', 'Authentication')}
          <select
            id={`${id}-auth`}
            className={SELECT}
            value={form.auth}
            disabled={busy}
            onChange={(e) => change({ auth: e.target.value as AdminAuthChoice })}
          >
            {(Object.keys(AUTH_LABELS) as AdminAuthChoice[]).map((kind) => (
              <option key={kind} value={kind}>
                {AUTH_LABELS[kind]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {form.auth === 'bearer' && (
        <div>
          {label('token', 'Token')}
          <Input
            {...field('token')}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={form.token}
            placeholder={
              keepsSecret && server?.auth_hint
                ? `•••• ${server.auth_hint} (set): type to replace`
                : 'Not set'
            }
            onChange={(e) => change({ token: e.target.value })}
          />
          {error('token')}
        </div>
      )}
      {form.auth === 'headers' && (
        <div>
          {label('headers', 'Headers')}
          <Textarea
            {...field('headers', `${id}-headers-hint`)}
            spellCheck={false}
            autoComplete="off"
            className="min-h-20 font-mono"
            value={form.headers}
            placeholder="X-Api-Key: …"
            onChange={(e) => change({ headers: e.target.value })}
          />
          <p id={`${id}-headers-hint`} className="mt-1 text-xs text-fg-muted">
            One “Name: value” a line, sent with every request.
            {keepsSecret && server?.auth_hint
              ? ` Set: ${server.auth_hint}. Type them all again to replace them.`
              : ''}
          </p>
          {error('headers')}
        </div>
      )}
      {form.auth === 'oauth' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <p className="text-xs text-fg-muted sm:col-span-3">
            Each user signs in with their own account. Leave the client empty where the server
            registers clients itself.
          </p>
          <div>
            {label('client', 'Client ID')}
            <Input
              id={`${id}-client`}
              disabled={busy}
              autoComplete="off"
              value={form.clientId}
              onChange={(e) => change({ clientId: e.target.value })}
            />
          </div>
          <div>
            {label('secret', 'Client secret')}
            <Input
              id={`${id}-secret`}
              type="password"
              disabled={busy}
              autoComplete="off"
              value={form.clientSecret}
              placeholder={keepsSecret ? 'Unchanged unless typed' : ''}
              onChange={(e) => change({ clientSecret: e.target.value })}
            />
          </div>
          <div>
            {label('scope', 'Scope')}
            <Input
              id={`${id}-scope`}
              disabled={busy}
              autoComplete="off"
              value={form.scope}
              onChange={(e) => change({ scope: e.target.value })}
            />
          </div>
        </div>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-accent"
          checked={form.enabled}
          disabled={busy}
          onChange={(e) => change({ enabled: e.target.checked })}
        />
        Offered to users
      </label>
      {error('form')}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {server ? 'Save' : 'Add server'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
