import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SETTINGS_KEY_FILE = 'settings-key';
const KEY_BYTES = 32;

export type SettingsKeyResult = { ok: true; key: string } | { ok: false; message: string };

/** 32 bytes as 64 hex characters or base64(url), returned as base64; undefined otherwise. */
export function decodeSettingsKey(text: string): string | undefined {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9+/_-]{43}={0,1}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64')
      : undefined;
  return bytes?.length === KEY_BYTES ? bytes.toString('base64') : undefined;
}

/**
 * The key kept in `<dataDir>/settings-key`, generated (mode 0600) on first boot. Like the JWT
 * secret it is written aside and hard-linked into place, so processes booting together agree.
 * Losing it makes the sealed provider keys unreadable (they must be set again), nothing else.
 */
export function resolveSettingsKey(dataDir: string): SettingsKeyResult {
  const file = path.join(dataDir, SETTINGS_KEY_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(file)) {
      const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      fs.writeFileSync(temp, randomBytes(KEY_BYTES).toString('hex'), { mode: 0o600 });
      try {
        fs.linkSync(temp, file);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      } finally {
        fs.rmSync(temp, { force: true });
      }
    }
    const key = decodeSettingsKey(fs.readFileSync(file, 'utf8'));
    if (key === undefined)
      return {
        ok: false,
        message: `${file} does not hold a 32-byte key; set SETTINGS_ENCRYPTION_KEY`,
      };
    return { ok: true, key };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `not set, and ${file} could not be created or read (${reason})` };
  }
}
