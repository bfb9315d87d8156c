import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '@parallax/contract';
import { validateRequired } from '../../lib/validate';

export { validateEmail } from '../../lib/validate';

/** A password being chosen: the contract's 8–128 characters (OWASP ASVS 5). */
export function validateNewPassword(value: string): string | null {
  if (value === '') return validateRequired(value);
  // Counted in code points so an emoji is one character, as people count them.
  const length = [...value].length;
  if (length < PASSWORD_MIN_CHARS) return `Use at least ${PASSWORD_MIN_CHARS} characters`;
  if (length > PASSWORD_MAX_CHARS) return `Use at most ${PASSWORD_MAX_CHARS} characters`;
  return null;
}

export function validatePasswordMatch(password: string, confirmation: string): string | null {
  if (confirmation === '') return validateRequired(confirmation);
  return password === confirmation ? null : 'Passwords do not match';
}

export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  level: StrengthLevel;
  label: 'Too short' | 'Weak' | 'Fair' | 'Good' | 'Strong';
  hint: string;
}

/**
 * A hint, not a rule: length matters most (NIST 800-63B), variety helps a little. The server
 * has the final word (it also refuses the 10,000 most common passwords).
 */
export function passwordStrength(value: string): PasswordStrength {
  const length = [...value].length;
  if (length < PASSWORD_MIN_CHARS)
    return { level: 0, label: 'Too short', hint: `At least ${PASSWORD_MIN_CHARS} characters.` };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  const repetitive = /^(.)\1+$/.test(value) || new Set(value).size <= 3;
  let score = (length >= 12 ? 2 : 1) + (length >= 16 ? 1 : 0) + (kinds >= 3 ? 1 : 0);
  if (repetitive) score = 1;
  const level = Math.min(4, Math.max(1, score)) as Exclude<StrengthLevel, 0>;
  const byLevel = {
    1: { label: 'Weak', hint: 'Longer is stronger: try a few unrelated words.' },
    2: { label: 'Fair', hint: 'Add length or mix in numbers and symbols.' },
    3: { label: 'Good', hint: 'A solid password.' },
    4: { label: 'Strong', hint: 'A strong password.' },
  } as const;
  return { level, ...byLevel[level] };
}
