import fs from 'node:fs';
import { PASSWORD_MAX_CHARS, PASSWORD_MIN_CHARS } from '@parallax/contract';

/**
 * OWASP ASVS 5 password rules: length bounds (also enforced by the contract's
 * schema) and a block-list of the 10,000 most common passwords (see common-passwords.NOTICE.md).
 */

let commonPasswords: ReadonlySet<string> | undefined;

/**
 * Reads the block-list now. Called while the app boots (AuthService), before it listens: read
 * lazily, the list came from disk on the first sign-up after boot, so a file missing then (as
 * in a rebuild of dist/ by `npm start` beside a running server) failed that sign-up with a 500
 * rather than the boot, and the first sign-up also paid the read.
 */
export function loadCommonPasswords(): ReadonlySet<string> {
  // Compared case-insensitively: "Password1" is no safer than "password1".
  commonPasswords ??= new Set(
    fs
      .readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line.length > 0),
  );
  return commonPasswords;
}

export type PasswordProblem = 'too_short' | 'too_long' | 'too_common';

export function findPasswordProblem(password: string): PasswordProblem | null {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_CHARS) return 'too_short';
  if (length > PASSWORD_MAX_CHARS) return 'too_long';
  if (loadCommonPasswords().has(password.toLowerCase())) return 'too_common';
  return null;
}

export function describePasswordProblem(problem: PasswordProblem): string {
  switch (problem) {
    case 'too_short':
      return `must be at least ${PASSWORD_MIN_CHARS} characters`;
    case 'too_long':
      return `must be at most ${PASSWORD_MAX_CHARS} characters`;
    case 'too_common':
      return 'is one of the most commonly used passwords; choose a less guessable one';
  }
}

/** Number of passwords on the block-list (for tests and the README). */
export function commonPasswordCount(): number {
  return loadCommonPasswords().size;
}
