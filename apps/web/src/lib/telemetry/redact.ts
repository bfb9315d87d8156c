/*
 * What must never leave the browser in a log or event (spec §7): message text, tokens,
 * passwords, API keys. Applied to every error record, breadcrumb and event before it is
 * queued, so no sender can forget it.
 */

export const REDACTED = '[redacted]';

/** Keys whose values are secrets or user-written text. */
const SENSITIVE_KEY =
  /pass|secret|token|auth|cookie|session|key|code|signature|credential|pin|otp|message|content|prompt|text|body|input|value|email/i;

// Bearer values, JWTs, our API keys and common vendor key shapes, and key=value pairs in text.
const SECRET_PATTERNS: readonly RegExp[] = [
  /\bBearer\s+[\w.~+/=-]+/gi,
  /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g,
  /\bplx_[\w-]{8,}/g,
  /\bsk-[\w-]{8,}/g,
  /\b(?:AIza|xai-|ghp_|rk_live_|sk_live_|pk_live_)[\w-]{8,}/g,
];
const SECRET_ASSIGNMENT =
  /\b(token|access_token|refresh_token|api_key|apikey|code)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;]+)/gi;
// A password or secret is chosen by a person and may hold spaces: the rest of its line goes.
const PASSWORD_ASSIGNMENT = /\b(password|passwd|secret)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\r\n&]+)/gi;
/** Nesting followed inside a record; anything deeper is dropped whole. */
const MAX_DEPTH = 4;

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** Free text (error messages, stacks) with secret-looking values replaced. */
export function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  const keepKey = (_m: string, key: string, sep: string) => `${key}${sep}${REDACTED}`;
  return out.replace(SECRET_ASSIGNMENT, keepKey).replace(PASSWORD_ASSIGNMENT, keepKey);
}

/**
 * A URL without its fragment (OAuth answers put tokens there) and with the value of every
 * query parameter replaced: parameter names say what the page was, values may be secrets.
 */
export function redactUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw, 'http://relative.invalid');
  } catch {
    return redactText(raw.split(/[?#]/, 1)[0] ?? '');
  }
  const names = [...new Set(url.searchParams.keys())];
  const query = names.map((n) => `${encodeURIComponent(n)}=${REDACTED}`).join('&');
  const base =
    raw.startsWith('/') || !/^[a-z][\w+.-]*:/i.test(raw)
      ? url.pathname
      : `${url.origin}${url.pathname}`;
  return `${redactText(base)}${query ? `?${query}` : ''}`;
}

/**
 * A record with sensitive keys dropped and the remaining strings scrubbed, at every depth: a
 * nested value (request headers, an options object) travels as JSON text, secrets and all.
 */
export function redactRecord(record: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isSensitiveKey(key)) continue;
    out[key] = redactValue(value, depth);
  }
  return out;
}

function redactValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrlsIn(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  // Errors, dates and other class instances carry their own fields: only plain data is walked.
  if (Object.getPrototypeOf(value) !== Object.prototype) return redactText(String(value));
  return redactRecord(value as Record<string, unknown>, depth + 1);
}

/** A string that may be a URL or carry secrets. */
function redactUrlsIn(value: string): string {
  return /^(https?:\/\/|\/)/.test(value) ? redactUrl(value) : redactText(value);
}
