import { CreateUserMcpServerRequest, type McpAuthInput } from '@parallax/contract';

export type AuthChoice = 'none' | 'bearer' | 'oauth';

/** The add-a-server form as typed. */
export interface ServerForm {
  name: string;
  url: string;
  auth: AuthChoice;
  /** Bearer only: write-only, never shown again once saved. */
  token: string;
}

export type ServerFormField = 'name' | 'url' | 'token' | 'form';
export type ServerFormErrors = Partial<Record<ServerFormField, string>>;

const FIELD_OF: Record<string, ServerFormField> = { name: 'name', url: 'url', auth: 'token' };

/** A server's message that starts with a field's name goes under that field; else the form's. */
export function errorsFromMessage(message: string): ServerFormErrors {
  const field = (['name', 'url', 'token'] as const).find(
    (name) => message.startsWith(`${name}:`) || (name === 'token' && message.startsWith('auth.')),
  );
  return field ? { [field]: message } : { form: message };
}

function authOf(form: ServerForm): McpAuthInput {
  if (form.auth === 'bearer') return { kind: 'bearer', token: form.token.trim() };
  if (form.auth === 'oauth') return { kind: 'oauth' };
  return { kind: 'none' };
}

/** The request the form makes, checked by the contract's own schema (the server checks again). */
export function toCreateRequest(
  form: ServerForm,
): { body: CreateUserMcpServerRequest; errors: null } | { body: null; errors: ServerFormErrors } {
  const body = { name: form.name.trim(), url: form.url.trim(), auth: authOf(form) };
  const parsed = CreateUserMcpServerRequest.safeParse(body);
  if (parsed.success) return { body, errors: null };
  const errors: ServerFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = FIELD_OF[String(issue.path[0])] ?? 'form';
    const prefix = field === 'form' ? '' : `${field}: `;
    errors[field] ??= issue.message.includes(':') ? issue.message : `${prefix}${issue.message}`;
  }
  return { body: null, errors };
}
