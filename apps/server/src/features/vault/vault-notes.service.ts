import { randomUUID } from 'node:crypto';
import type { VaultNote } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import { openText, sealText } from './vault-crypto';
import type { VaultNoteRow, VaultNotesRepository } from './vault-notes.repository';

const NOT_FOUND = 'Note not found.';

interface NoteContent {
  title: string;
  body: string;
}

/** The note id is the associated data: a sealed note copied onto another row does not open. */
function noteAad(id: string): string {
  return `vault-note:${id}`;
}

/** Secure notes: title and body sealed together under the vault key, a fresh nonce per write. */
export class VaultNotesService {
  constructor(private readonly notes: VaultNotesRepository) {}

  async list(userId: string, key: Buffer): Promise<VaultNote[]> {
    const rows = await this.notes.list(userId);
    return rows.flatMap((row) => {
      const note = this.#open(row, key);
      return note === null ? [] : [note];
    });
  }

  async get(userId: string, key: Buffer, id: string): Promise<VaultNote> {
    const row = await this.notes.find(userId, id);
    const note = row && this.#open(row, key);
    if (!note) throw new AppError('not_found', NOT_FOUND);
    return note;
  }

  async create(
    userId: string,
    key: Buffer,
    content: NoteContent,
    now = new Date(),
  ): Promise<VaultNote> {
    const id = randomUUID();
    const at = now.toISOString();
    const row: VaultNoteRow = {
      id,
      user_id: userId,
      sealed: sealText(key, JSON.stringify(content), noteAad(id)),
      created_at: at,
      updated_at: at,
    };
    await this.notes.insert(row);
    return { id, ...content, created_at: at, updated_at: at };
  }

  async update(
    userId: string,
    key: Buffer,
    id: string,
    change: Partial<NoteContent>,
    now = new Date(),
  ): Promise<VaultNote> {
    const current = await this.get(userId, key, id);
    const content = { title: change.title ?? current.title, body: change.body ?? current.body };
    const at = now.toISOString();
    const sealed = sealText(key, JSON.stringify(content), noteAad(id));
    if (!(await this.notes.update(userId, id, sealed, at)))
      throw new AppError('not_found', NOT_FOUND);
    return { id, ...content, created_at: current.created_at, updated_at: at };
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.notes.delete(userId, id))) throw new AppError('not_found', NOT_FOUND);
  }

  #open(row: VaultNoteRow, key: Buffer): VaultNote | null {
    const plain = openText(key, row.sealed, noteAad(row.id));
    if (plain === null) return null;
    const content = JSON.parse(plain) as NoteContent;
    return {
      id: row.id,
      title: content.title,
      body: content.body,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
