import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const JWT_SECRET_FILE = 'jwt-secret';
const MIN_SECRET_BYTES = 32;

export type JwtSecretResult = { ok: true; secret: string } | { ok: false; message: string };

function readSecret(file: string): JwtSecretResult {
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret, 'utf8') < MIN_SECRET_BYTES) {
    return {
      ok: false,
      message: `${file} holds fewer than ${MIN_SECRET_BYTES} bytes; delete it to generate a new one`,
    };
  }
  return { ok: true, secret };
}

/**
 * The secret kept in `<dataDir>/jwt-secret`, generated (512 bits, mode 0600) on first boot so
 * that restarts keep sessions valid without any setup.
 */
export function resolveJwtSecret(dataDir: string): JwtSecretResult {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    if (!fs.existsSync(file)) {
      // Written aside then hard-linked into place: link() is atomic and fails when the file
      // exists, so processes booting together never read a half-written secret and all agree.
      const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
      fs.writeFileSync(temp, randomBytes(64).toString('base64url'), { mode: 0o600 });
      try {
        fs.linkSync(temp, file);
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
      } finally {
        fs.rmSync(temp, { force: true });
      }
    }
    return readSecret(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `not set, and ${file} could not be created or read (${reason})` };
  }
}
