import { randomBytes, randomUUID } from 'node:crypto';
import type { Attachment as ContextAttachment } from '../../providers/context';
import { AppError } from '../../infra/errors';
import type { FileStorage } from '../../infra/storage/file-storage';
import { ownerColumns, type ChatOwner } from '../../infra/auth/chat-owner';
import type { AttachmentRow, AttachmentsRepository } from './attachments.repository';
import { sniffFile } from './file-sniffer';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_MESSAGE = 5;
/** File names looked up per query while sweeping. */
const SWEEP_BATCH = 500;

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

/** The stored name and type of an acceptable file, or the reason it is refused. */
function inspect(filename: string, bytes: Buffer): { name: string; contentType: string } {
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
  return { name, contentType: sniffed.contentType };
}

/**
 * Every file checked as a send's files are (size, type, name), nothing stored: for a caller
 * that stores them its own way (the vault seals them first). One refused file refuses all.
 */
export function checkFiles(
  files: readonly { filename: string; data: Buffer }[],
): Array<{ name: string; contentType: string; data: Buffer }> {
  return files.map((file) => ({ ...inspect(file.filename, file.data), data: file.data }));
}

/** Uploaded files in the file storage with server-made names; rows in the database. */
export class AttachmentsService {
  constructor(
    private readonly storage: FileStorage,
    private readonly repository: AttachmentsRepository,
  ) {}

  /**
   * Checks every file first, then stores them all and returns their (not yet linked) rows:
   * one refused file stores none, and a failure part-way removes what was stored.
   */
  async saveAll(
    owner: ChatOwner,
    files: readonly { filename: string; data: Buffer }[],
  ): Promise<AttachmentRow[]> {
    const checked = checkFiles(files);
    const saved: AttachmentRow[] = [];
    const written: string[] = [];
    // A message's files are listed by created_at: each is stamped at least 1 ms after the one
    // before, so files stored within the same millisecond keep the order they were sent in.
    let stampedAt = 0;
    try {
      for (const file of checked) {
        const storageName = randomBytes(24).toString('hex');
        written.push(storageName);
        await this.storage.write(storageName, file.data);
        const row = {
          id: randomUUID(),
          message_id: null,
          filename: file.name,
          content_type: file.contentType,
          size: file.data.length,
          storage_name: storageName,
          created_at: new Date((stampedAt = Math.max(Date.now(), stampedAt + 1))).toISOString(),
        };
        await this.repository.insert(row, owner);
        saved.push({ ...row, ...ownerColumns(owner) });
      }
    } catch (error) {
      await this.repository
        .deleteUnlinked(
          owner,
          saved.map((row) => row.id),
        )
        .catch(() => []);
      await this.deleteFiles(written);
      throw error;
    }
    return saved;
  }

  /** Removes uploads of a send that did not take them (refused, failed, or a duplicate). */
  async discardUnlinked(owner: ChatOwner, ids: readonly string[]): Promise<void> {
    await this.deleteFiles(await this.repository.deleteUnlinked(owner, ids));
  }

  /**
   * Removes what no message will take any more: uploads never linked, and files on disk no
   * row refers to, both older than `cutoff` (younger ones may belong to a send in progress,
   * which writes its file just before its row). Safe with several processes sweeping at once:
   * each stale row is deleted by one of them, and removing a file twice is harmless.
   */
  async sweepOrphans(cutoff: Date): Promise<number> {
    const unlinked = await this.repository.deleteUnlinkedBefore(cutoff.toISOString());
    await this.deleteFiles(unlinked);
    const names = await this.storage.list();
    let removed = unlinked.length;
    for (let i = 0; i < names.length; i += SWEEP_BATCH) {
      const batch = names.slice(i, i + SWEEP_BATCH);
      const referenced = await this.repository.referencedStorageNames(batch);
      for (const name of batch) {
        if (referenced.has(name)) continue;
        const modifiedAt = await this.storage.modifiedAt(name);
        if (modifiedAt === null || modifiedAt >= cutoff.getTime()) continue;
        await this.storage.remove([name]);
        removed += 1;
      }
    }
    return removed;
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

  /**
   * Deletes a visitor's upload rows and returns their files' names: the caller removes those
   * with deleteFiles once the rows that could still name them are gone too.
   */
  async deleteRowsOfVisitor(visitorId: string): Promise<string[]> {
    const files = await this.repository.storageNamesOfVisitor(visitorId);
    await this.repository.deleteOfVisitor(visitorId);
    return files;
  }

  moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    return this.repository.moveVisitorToUser(visitorId, userId);
  }

  async deleteFiles(storageNames: readonly string[]): Promise<void> {
    await this.storage.remove(storageNames);
  }

  read(row: AttachmentRow): Promise<Buffer> {
    return this.storage.read(row.storage_name);
  }

  /** Stores bytes under a new name (the vault's sealed or opened copy of a file). */
  async storeCopy(data: Buffer): Promise<string> {
    const name = randomBytes(24).toString('hex');
    await this.storage.write(name, data);
    return name;
  }
}
