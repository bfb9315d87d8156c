import {
  CreateAdminMcpServerRequest,
  UpdateAdminMcpServerRequest,
  type AdminMcpServer,
  type McpAuthInput,
} from '@parallax/contract';

export type AdminAuthChoice = 'none' | 'bearer' | 'headers' | 'oauth';

/** The admin's server form as typed. Secrets are write-only: empty means "keep what is set". */
export interface AdminServerForm {
  name: string;
  title: string;
  url: string;
  transport: 'streamable_http' | 'sse';
  auth: AdminAuthChoice;
  token: string;
  /** One `Name: value` per line. */
  headers: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  enabled: boolean;
}

export type AdminServerField = 'name' | 'title' | 'url' | 'token' | 'headers' | 'form';
export type AdminServerErrors = Partial<Record<AdminServerField, string>>;

export function emptyAdminServerForm(): AdminServerForm {
  return {
    name: '',
    title: '',
    url: '',
    transport: 'streamable_http',
    auth: 'none',
    token: '',
    headers: '',
    clientId: '',
    clientSecret: '',
    scope: '',
    enabled: true,
  };
}

/** An existing server's form: its settings, its secrets blank (they are never sent back). */
export function formOfServer(server: AdminMcpServer): AdminServerForm {
  return {
    ...emptyAdminServerForm(),
    name: server.name,
    title: server.title,
    url: server.url ?? '',
    transport: server.transport === 'sse' ? 'sse' : 'streamable_http',
    auth: server.auth,
    enabled: server.enabled,
  };
}

/** `Name: value` lines to a header map; a line without a colon is an error naming it. */
export function parseHeaderLines(
  text: string,
): { headers: Record<string, string> } | { error: string } {
  const headers: Record<string, string> = {};
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  for (const [index, line] of lines.entries()) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `headers: line ${index + 1} needs "Name: value"` };
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { headers };
}

/**
 * The auth to send, or undefined to keep the stored one: an edit that leaves the kind as it was
 * and types no new secret changes nothing.
 */
function authOf(
  form: AdminServerForm,
  previous: AdminMcpServer['auth'] | null,
): McpAuthInput | undefined | { error: string } {
  const keep = previous === form.auth;
  switch (form.auth) {
    case 'none':
      return keep ? undefined : { kind: 'none' };
    case 'bearer':
      if (form.token.trim() === '') return keep ? undefined : { error: 'token: enter the token' };
      return { kind: 'bearer', token: form.token.trim() };
    case 'headers': {
      if (form.headers.trim() === '')
        return keep ? undefined : { error: 'headers: enter at least one header' };
      const parsed = parseHeaderLines(form.headers);
      return 'error' in parsed ? parsed : { kind: 'headers', headers: parsed.headers };
    }
    case 'oauth': {
      const client = {
        ...(form.clientId.trim() && { client_id: form.clientId.trim() }),
        ...(form.clientSecret.trim() && { client_secret: form.clientSecret.trim() }),
        ...(form.scope.trim() && { scope: form.scope.trim() }),
      };
      return keep && Object.keys(client).length === 0 ? undefined : { kind: 'oauth', ...client };
    }
  }
}

const FIELDS: readonly AdminServerField[] = ['name', 'title', 'url', 'token', 'headers'];

function fieldOf(path: readonly PropertyKey[], message: string): AdminServerField {
  const named = FIELDS.find((f) => message.startsWith(`${f}:`));
  if (named) return named;
  const top = String(path[0]);
  if (top === 'auth') return path[1] === 'headers' ? 'headers' : 'token';
  return FIELDS.find((f) => f === top) ?? 'form';
}

/** A server's message that starts with a field's name goes under that field; else the form's. */
export function adminErrorsFrom(message: string): AdminServerErrors {
  return { [fieldOf([], message)]: message };
}

type Checked<T> = { body: T; errors: null } | { body: null; errors: AdminServerErrors };

function check<T>(
  schema: {
    safeParse: (
      v: unknown,
    ) =>
      | { success: true }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  body: T,
): Checked<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: AdminServerErrors = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path, issue.message);
    errors[field] ??= issue.message.includes(':') ? issue.message : `${field}: ${issue.message}`;
  }
  return { body: null, errors };
}

export function toCreateAdminServer(form: AdminServerForm): Checked<CreateAdminMcpServerRequest> {
  const auth = authOf(form, null);
  if (auth && 'error' in auth) return { body: null, errors: adminErrorsFrom(auth.error) };
  const body: CreateAdminMcpServerRequest = {
    name: form.name.trim(),
    ...(form.title.trim() && { title: form.title.trim() }),
    url: form.url.trim(),
    transport: form.transport,
    auth: auth ?? { kind: 'none' },
    enabled: form.enabled,
  };
  return check(CreateAdminMcpServerRequest, body);
}

/** Only what changed goes out (PATCH): an untouched secret stays as stored. */
export function toUpdateAdminServer(
  form: AdminServerForm,
  server: AdminMcpServer,
): Checked<UpdateAdminMcpServerRequest> {
  const auth = authOf(form, server.auth);
  if (auth && 'error' in auth) return { body: null, errors: adminErrorsFrom(auth.error) };
  const body: UpdateAdminMcpServerRequest = {
    ...(form.title.trim() !== server.title && form.title.trim() && { title: form.title.trim() }),
    ...(form.url.trim() !== (server.url ?? '') && { url: form.url.trim() }),
    ...(form.transport !== server.transport && { transport: form.transport }),
    ...(auth && { auth }),
    ...(form.enabled !== server.enabled && { enabled: form.enabled }),
  };
  return check(UpdateAdminMcpServerRequest, body);
}
