import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Attachment as ContextAttachment } from '../../providers/context';
import { AppError } from '../../infra/errors';
import type { ChatOwner } from '../conversations';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { sniffFile } from './file-sniffer';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_MESSAGE = 5;

/** Control characters, path separators and quotes never reach a header or a path. */
export function safeFilename(name: string): string {
  const cleaned = [...name]
    .filter((char) => {
      const code = char.charCodeAt(0);
      return code >= 0x20 && code !== 0x7f && char !== '"';
    })
    .join('')
    .replace(/[\\/]/g, '_')
    .trim()
    .slice(0, 255);
  return cleaned.length > 0 ? cleaned : 'file';
}

/** Uploaded files under DATA_DIR/uploads with server-made names; rows in the database. */
export class AttachmentStore {
  readonly #dir: string;

  constructor(
    dataDir: string,
    private readonly repository: AttachmentsRepository,
  ) {
    this.#dir = path.join(dataDir, 'uploads');
  }

  /** Checks the bytes, stores the file, and returns its (not yet linked) row. */
  async save(owner: ChatOwner, filename: string, bytes: Buffer): Promise<AttachmentRow> {
    const name = safeFilename(filename);
    if (bytes.length > MAX_FILE_BYTES)
      throw new AppError('payload_too_large', `${name} is larger than 10 MB.`);
    if (bytes.length === 0) throw new AppError('validation_error', `files: ${name} is empty.`);
    const sniffed = sniffFile(bytes, name);
    if (!sniffed) {
      throw new AppError(
        'unsupported_media_type',
        `${name} cannot be sent: only images (PNG, JPEG, GIF, WebP) and text files are supported.`,
      );
    }
    await fs.mkdir(this.#dir, { recursive: true });
    const storageName = randomBytes(24).toString('hex');
    await fs.writeFile(path.join(this.#dir, storageName), bytes, { flag: 'wx', mode: 0o600 });
    const row = {
      id: randomUUID(),
      message_id: null,
      filename: name,
      content_type: sniffed.contentType,
      size: bytes.length,
      storage_name: storageName,
      created_at: new Date().toISOString(),
    };
    await this.repository.insert(row, owner);
    return {
      ...row,
      ...(owner.kind === 'user'
        ? { user_id: owner.id, visitor_id: null }
        : { user_id: null, visitor_id: owner.id }),
    };
  }

  async link(owner: ChatOwner, ids: readonly string[], messageId: string): Promise<void> {
    await this.repository.link(owner, ids, messageId);
  }

  rowsFor(messageIds: readonly string[]): Promise<AttachmentRow[]> {
    return this.repository.forMessages(messageIds);
  }

  async contentsFor(messageId: string): Promise<ContextAttachment[]> {
    const rows = await this.repository.forMessages([messageId]);
    return Promise.all(
      rows.map(async (row) => ({
        filename: row.filename,
        contentType: row.content_type,
        data: await this.read(row),
      })),
    );
  }

  /** The owner's file, or 404 for anyone else. */
  async open(owner: ChatOwner, id: string): Promise<{ row: AttachmentRow; data: Buffer }> {
    const row = await this.repository.findOwned(owner, id);
    if (!row) throw new AppError('not_found', 'Attachment not found');
    return { row, data: await this.read(row) };
  }

  async deleteFiles(storageNames: readonly string[]): Promise<void> {
    await Promise.allSettled(
      storageNames.map((name) => fs.rm(path.join(this.#dir, path.basename(name)), { force: true })),
    );
  }

  read(row: AttachmentRow): Promise<Buffer> {
    return fs.readFile(path.join(this.#dir, path.basename(row.storage_name)));
  }
}
