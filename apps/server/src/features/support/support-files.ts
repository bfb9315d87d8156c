import { randomBytes } from 'node:crypto';
import { AppError } from '../../infra/errors';
import type { FileStorage } from '../../infra/storage/file-storage';
import { MAX_FILE_BYTES, safeFilename, sniffFile } from '../attachments';

/**
 * An upload no message took within this time never will: the user's next upload removes their
 * own, the hourly sweep (support-upload-sweep.ts) everyone's.
 */
export const STALE_UPLOAD_MS = 60 * 60_000;

/**
 * Chat's attachment rules (size, names, types from the bytes) plus PDF, which a support
 * ticket may carry (a model never reads it). Markup still comes back as text/plain.
 */
export function inspectSupportFile(
  filename: string,
  bytes: Buffer,
): { name: string; contentType: string } {
  const name = safeFilename(filename);
  if (bytes.length > MAX_FILE_BYTES)
    throw new AppError('payload_too_large', `${name} is larger than 10 MB.`);
  if (bytes.length === 0) throw new AppError('validation_error', `file: ${name} is empty.`);
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-')
    return { name, contentType: 'application/pdf' };
  const sniffed = sniffFile(bytes, name);
  if (!sniffed)
    throw new AppError(
      'unsupported_media_type',
      `${name} cannot be attached: only images (PNG, JPEG, GIF, WebP), text files and PDFs are supported.`,
    );
  return { name, contentType: sniffed.contentType };
}

export async function storeFile(storage: FileStorage, data: Buffer): Promise<string> {
  const name = randomBytes(24).toString('hex');
  await storage.write(name, data);
  return name;
}
