import { MESSAGES } from '@parallax/contract';

/** Error message for a blank value, else null. */
export function validateRequired(value: string | null | undefined): string | null {
  return value === null || value === undefined || value.trim() === ''
    ? MESSAGES.inputRequired
    : null;
}

/** Spec §5 email rule: exactly one @, a dot inside the domain, no spaces. */
export function validateEmail(value: string | null | undefined): string | null {
  const required = validateRequired(value);
  if (required) return required;
  const email = (value ?? '').trim();
  const parts = email.split('@');
  const [local, domain] = parts;
  const domainOk = domain !== undefined && /^[^.]+(\.[^.]+)+$/.test(domain);
  if (parts.length !== 2 || !local || !domainOk || /\s/.test(email)) return MESSAGES.invalidEmail;
  return null;
}

export function validateUrl(value: string | null | undefined): string | null {
  const required = validateRequired(value);
  if (required) return required;
  try {
    const url = new URL((value ?? '').trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : MESSAGES.invalidUrl;
  } catch {
    return MESSAGES.invalidUrl;
  }
}
