import { randomUUID } from 'node:crypto';
import {
  SHARE_TOKEN_PATTERN,
  ShareSnapshot,
  type AdminShare,
  type CreateShareRequest,
  type Share,
  type ShareExpiry,
  type ShareOptions,
  type ShareSourceKind,
} from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError } from '../../infra/errors';
import type { SecretBox } from '../../infra/secret-box';
import type { AttachmentsService, AttachmentRow } from '../attachments';
import type { FeatureFlagsService } from '../feature-flags';
import { copiedRows, insertCopy, turnsToCopy } from './share-copy';
import { snapshotComparison, snapshotConversation, type SnapshotSources } from './share-snapshot';
import { hashShareToken, newShareToken, tokenContext } from './share-token';
import type { ShareRow, SharesRepository } from './shares.repository';

export const SHARE_NOT_FOUND = 'Shared link not found';
const SHARING_OFF = 'Sharing is turned off on this server.';
/** Bounded lists: an owner's links and an admin's page of every link. */
const LIST_LIMIT = 500;
const DAY_MS = 86_400_000;
const EXPIRY_DAYS: Record<ShareExpiry, number | null> = {
  never: null,
  '1d': 1,
  '7d': 7,
  '30d': 30,
};

/** What the public page shows: the snapshot and the choices that shape it. */
export interface SharedPage {
  snapshot: ShareSnapshot;
  /** The sharer: whose stored files the page's attachment links read. Never shown. */
  ownerId: string;
  ownerName: string | null;
  allowIndexing: boolean;
  includeAttachments: boolean;
  updatedAt: string;
}

export interface SharesDeps {
  db: Kysely<Database>;
  repository: SharesRepository;
  sources: SnapshotSources;
  flags: Pick<FeatureFlagsService, 'isOn'>;
  box: SecretBox;
  appUrl: string;
  stores: Parameters<typeof insertCopy>[1];
  files: Pick<AttachmentsService, 'open'>;
}

function expiresAt(expiry: ShareExpiry, from: number): string | null {
  const days = EXPIRY_DAYS[expiry];
  return days === null ? null : new Date(from + days * DAY_MS).toISOString();
}

function turnCount(snapshot: ShareSnapshot): number {
  return snapshot.turns.length;
}

/**
 * Share links: snapshots their owners take of a chat or a comparison, and what a link's holder
 * may do with one (read it, copy it). Nothing is cached: every view reads the row and checks
 * that its chat is still its owner's, so a delete, a vault move, a closed account or the flag
 * turned off answers 404 on every process from the next request.
 */
export class SharesService {
  constructor(private readonly deps: SharesDeps) {}

  async #requireOn(): Promise<void> {
    if (!(await this.deps.flags.isOn('sharing')))
      throw new AppError('feature_disabled', SHARING_OFF);
  }

  #toShare(row: ShareRow): Share {
    const token = this.deps.box.open(row.token_sealed, tokenContext(row.id));
    if (token === undefined) throw new Error(`share ${row.id}: its token does not open`);
    return {
      id: row.id,
      kind: row.kind === 'comparison' ? 'comparison' : 'conversation',
      source_id: row.source_id,
      title: row.title,
      url: `${this.deps.appUrl}/share/${token}`,
      token,
      show_owner_name: row.show_owner_name === 1,
      include_attachments: row.include_attachments === 1,
      allow_indexing: row.allow_indexing === 1,
      reveal_models: row.reveal_models === 1,
      expiry: (['never', '1d', '7d', '30d'] as const).find((e) => e === row.expiry) ?? 'never',
      expires_at: row.expires_at,
      turn_count: row.turn_count,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }

  /** The source as it is now; 404 when it is not the owner's (another's, deleted, in the vault). */
  async #snapshot(
    userId: string,
    kind: ShareSourceKind,
    sourceId: string,
    options: ShareOptions,
  ): Promise<ShareSnapshot> {
    const owner: ChatOwner = { kind: 'user', id: userId };
    return kind === 'conversation'
      ? snapshotConversation(this.deps.sources, owner, sourceId, options.include_attachments)
      : snapshotComparison(this.deps.sources, owner, sourceId, options.reveal_models);
  }

  #optionColumns(options: ShareOptions, now: number) {
    return {
      show_owner_name: options.show_owner_name ? 1 : 0,
      include_attachments: options.include_attachments ? 1 : 0,
      allow_indexing: options.allow_indexing ? 1 : 0,
      reveal_models: options.reveal_models ? 1 : 0,
      expiry: options.expiry,
      expires_at: expiresAt(options.expiry, now),
    };
  }

  /** Creates the source's link, or takes a fresh snapshot for the one it has (same token). */
  async create(
    userId: string,
    request: CreateShareRequest,
  ): Promise<{ share: Share; created: boolean }> {
    await this.#requireOn();
    const { kind, source_id: sourceId, ...options } = request;
    const snapshot = await this.#snapshot(userId, kind, sourceId, options);
    const existing = await this.deps.repository.findBySource(userId, kind, sourceId);
    if (existing)
      return { share: await this.#refresh(userId, existing, snapshot, options), created: false };
    const now = Date.now();
    const at = new Date(now).toISOString();
    const id = randomUUID();
    const token = newShareToken();
    await this.deps.repository.insert({
      id,
      token_hash: hashShareToken(token),
      token_sealed: this.deps.box.seal(token, tokenContext(id)),
      user_id: userId,
      kind,
      source_id: sourceId,
      title: snapshot.title,
      snapshot: JSON.stringify(snapshot),
      turn_count: turnCount(snapshot),
      ...this.#optionColumns(options, now),
      created_at: at,
      updated_at: at,
    });
    const row = await this.deps.repository.findOwned(userId, id);
    if (!row) throw new AppError('not_found', SHARE_NOT_FOUND);
    return { share: this.#toShare(row), created: true };
  }

  async #refresh(
    userId: string,
    row: ShareRow,
    snapshot: ShareSnapshot,
    options: ShareOptions,
  ): Promise<Share> {
    const now = Date.now();
    const updated = await this.deps.repository.update(userId, row.id, {
      title: snapshot.title,
      snapshot: JSON.stringify(snapshot),
      turn_count: turnCount(snapshot),
      ...this.#optionColumns(options, now),
      updated_at: new Date(now).toISOString(),
    });
    if (!updated) throw new AppError('not_found', SHARE_NOT_FOUND);
    return this.#toShare(updated);
  }

  /** New options, and the snapshot taken again (the later turns now show). */
  async update(userId: string, id: string, options: ShareOptions): Promise<Share> {
    await this.#requireOn();
    const row = await this.deps.repository.findOwned(userId, id);
    if (!row) throw new AppError('not_found', SHARE_NOT_FOUND);
    const kind = row.kind === 'comparison' ? 'comparison' : 'conversation';
    const snapshot = await this.#snapshot(userId, kind, row.source_id, options);
    return this.#refresh(userId, row, snapshot, options);
  }

  /** The owner's links whose chat is still theirs; the others are removed on the way. */
  async list(userId: string): Promise<Share[]> {
    const rows = await this.deps.repository.listOwned(userId, LIST_LIMIT);
    const live: Share[] = [];
    for (const row of rows) if (await this.#sourceLives(row)) live.push(this.#toShare(row));
    return live;
  }

  async forSource(userId: string, kind: ShareSourceKind, sourceId: string): Promise<Share | null> {
    const row = await this.deps.repository.findBySource(userId, kind, sourceId);
    return row && (await this.#sourceLives(row)) ? this.#toShare(row) : null;
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.deps.repository.deleteOwned(userId, id)))
      throw new AppError('not_found', SHARE_NOT_FOUND);
  }

  async adminList(): Promise<AdminShare[]> {
    const rows = await this.deps.repository.listAll(LIST_LIMIT);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind === 'comparison' ? 'comparison' : 'conversation',
      title: row.title,
      owner_email: row.owner_email,
      expires_at: row.expires_at,
      created_at: row.created_at,
    }));
  }

  async adminDelete(id: string): Promise<void> {
    if (!(await this.deps.repository.delete(id))) throw new AppError('not_found', SHARE_NOT_FOUND);
  }

  /** Whether the shared chat is still its owner's; a link to one that is not is removed. */
  async #sourceLives(row: ShareRow): Promise<boolean> {
    const owner: ChatOwner = { kind: 'user', id: row.user_id };
    const lives =
      row.kind === 'comparison'
        ? await this.deps.sources.compare.exists(owner, row.source_id)
        : await this.deps.sources.conversations.get(owner, row.source_id).then(
            () => true,
            (error: unknown) => {
              if (error instanceof AppError && error.code === 'not_found') return false;
              throw error;
            },
          );
    if (!lives) await this.deps.repository.delete(row.id);
    return lives;
  }

  /**
   * What a token opens, or undefined: not a link, expired, its chat gone, or sharing off. The
   * same answer for each, so a caller learns nothing about links it does not hold.
   */
  async view(token: string): Promise<SharedPage | undefined> {
    const row = await this.#live(token);
    if (!row) return undefined;
    const parsed = ShareSnapshot.safeParse(JSON.parse(row.snapshot));
    if (!parsed.success) return undefined;
    return {
      snapshot: parsed.data,
      ownerId: row.user_id,
      ownerName:
        row.show_owner_name === 1 ? await this.deps.repository.ownerName(row.user_id) : null,
      allowIndexing: row.allow_indexing === 1,
      includeAttachments: row.include_attachments === 1,
      updatedAt: row.updated_at,
    };
  }

  async #live(token: string): Promise<ShareRow | undefined> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
    if (!(await this.deps.flags.isOn('sharing'))) return undefined;
    const row = await this.deps.repository.findByTokenHash(hashShareToken(token));
    if (!row) return undefined;
    if (row.expires_at !== null && Date.parse(row.expires_at) <= Date.now()) return undefined;
    return (await this.#sourceLives(row)) ? row : undefined;
  }

  /**
   * The `n`th file of the `turn`th turn of a shared chat, when the owner shared attachments and
   * still has the file; undefined otherwise (the same for every reason, like `view`).
   */
  async attachment(
    token: string,
    turn: number,
    n: number,
  ): Promise<{ row: AttachmentRow; data: Buffer } | undefined> {
    const page = await this.view(token);
    if (!page?.includeAttachments || page.snapshot.kind !== 'conversation') return undefined;
    const file = page.snapshot.turns[turn]?.attachments[n];
    if (!file) return undefined;
    return this.deps.files
      .open({ kind: 'user', id: page.ownerId }, file.id)
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      });
  }

  /** Copies the shared turns into the viewer's account as a new chat; its id. */
  async continueAs(token: string, viewer: ChatOwner, panel: number): Promise<string> {
    const page = await this.view(token);
    if (!page) throw new AppError('not_found', SHARE_NOT_FOUND);
    const turns = turnsToCopy(page.snapshot, panel);
    const rows = copiedRows(viewer, page.snapshot.title, turns);
    await insertCopy(this.deps.db, this.deps.stores, rows);
    return rows.conversation.id;
  }
}
