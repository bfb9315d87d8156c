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
  /\b(password|passwd|token|access_token|refresh_token|api_key|apikey|secret|code)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s&,;]+)/gi;

export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key);
}

/** Free text (error messages, stacks) with secret-looking values replaced. */
export function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
  return out.replace(
    SECRET_ASSIGNMENT,
    (_m, key: string, sep: string) => `${key}${sep}${REDACTED}`,
  );
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

/** A flat record with sensitive keys dropped and the remaining strings scrubbed. */
export function redactRecord<V>(record: Record<string, V>): Record<string, V | string> {
  const out: Record<string, V | string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (isSensitiveKey(key)) continue;
    out[key] = typeof value === 'string' ? redactUrlsIn(value) : value;
  }
  return out;
}

/** A string that may be a URL or carry secrets. */
function redactUrlsIn(value: string): string {
  return /^(https?:\/\/|\/)/.test(value) ? redactUrl(value) : redactText(value);
}
