import type {
  Conversation,
  ConversationKind,
  ConversationListQuery,
  ConversationListResponse,
  CreateConversationRequest,
} from '@parallax/contract';
import { CONVERSATION_DEFAULT_TITLE, MESSAGES } from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { Insertable, Kysely } from 'kysely';
import type { ConversationsTable, Database } from '../../db/schema';
import { timeOrderedId } from '../../infra/time-ordered-id';
import { titleFromMessage } from './conversation-title';
import { ConversationsRepository, type ConversationRow } from './conversations.repository';
import { VaultConversationsRepository } from './vault-conversations.repository';

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind === 'comparison' || row.kind === 'prompt_generator' ? row.kind : 'regular',
    is_favourite: row.is_favourite === 1,
    project_id: row.project_id,
    comparison_id: row.comparison_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    last_message_at: row.last_message_at,
    message_count: row.message_count,
  };
}

export interface NewConversation {
  title?: string | undefined;
  kind: ConversationKind;
  projectId?: string | null | undefined;
  comparisonId?: string | null | undefined;
  /** The turn the chat shows and continues from: a send that starts the chat names its own. */
  currentLeafId?: string | undefined;
}

/** Ids of the owner's chats whose title or turns match a search text (the search index). */
export type MatchConversations = (owner: ChatOwner, text: string) => Promise<string[]>;

/** Throws unless the project exists and is the owner's (the projects feature registers it). */
export type ProjectCheck = (owner: ChatOwner, projectId: string) => Promise<void>;

/** Until a projects feature registers its check, no project can be named. */
const NO_PROJECTS: ProjectCheck = () =>
  Promise.reject(new AppError('not_found', 'Project not found'));

export class ConversationsService {
  constructor(
    private readonly repository: ConversationsRepository,
    private readonly matchConversations: MatchConversations,
    private readonly vaultRows: VaultConversationsRepository,
    private readonly projects: { check: ProjectCheck } = { check: NO_PROJECTS },
  ) {}

  /** The same rules over `db`, e.g. a transaction that creates a conversation with its turn. */
  within(db: Kysely<Database>): ConversationsService {
    return new ConversationsService(
      new ConversationsRepository(db),
      this.matchConversations,
      new VaultConversationsRepository(db),
      this.projects,
    );
  }

  /**
   * How a chat's project is checked: projects sit above conversations (a project's delete
   * empties its chats), so they register the check instead of conversations asking them.
   */
  checkProjectsWith(check: ProjectCheck): void {
    this.projects.check = check;
  }

  /** 404 unless `projectId` names one of the owner's projects. */
  assertProjectOwned(owner: ChatOwner, projectId: string): Promise<void> {
    return this.projects.check(owner, projectId);
  }

  async list(owner: ChatOwner, query: ConversationListQuery): Promise<ConversationListResponse> {
    const search = query.search?.trim();
    const ids = search ? await this.matchConversations(owner, search) : undefined;
    const { rows, total } = await this.repository.list(owner, {
      offset: query.offset,
      limit: query.limit,
      ids,
      isFavourite: query.is_favourite,
      excludeComparisons: query.excludeComparisons,
      projectId: query.project_id,
      kind: query.kind,
    });
    return {
      conversations: rows.map(toConversation),
      total,
      has_more: query.offset + rows.length < total,
    };
  }

  async recent(
    owner: ChatOwner,
    limit: number,
    excludeComparisons: boolean,
  ): Promise<Conversation[]> {
    const { rows } = await this.repository.list(owner, { offset: 0, limit, excludeComparisons });
    return rows.map(toConversation);
  }

  /** 404 ('Conversation not found') unless the conversation exists and is the owner's. */
  async get(owner: ChatOwner, id: string): Promise<Conversation> {
    const row = await this.repository.find(owner, id);
    if (!row) throw new AppError('not_found', MESSAGES.conversationNotFound);
    return toConversation(row);
  }

  /** The conversation and the last turn of its current branch (null before its first turn). */
  async thread(
    owner: ChatOwner,
    id: string,
  ): Promise<{ conversation: Conversation; currentLeafId: string | null }> {
    const row = await this.repository.find(owner, id);
    if (!row) throw new AppError('not_found', MESSAGES.conversationNotFound);
    return { conversation: toConversation(row), currentLeafId: row.current_leaf_id };
  }

  /** Makes `leafId` the end of the branch shown and sent to the model. */
  async setCurrentLeaf(id: string, leafId: string): Promise<void> {
    await this.repository.setCurrentLeaf(id, leafId);
  }

  async create(owner: ChatOwner, request: CreateConversationRequest): Promise<Conversation> {
    const id = await this.createRow(owner, {
      title: request.title,
      kind: request.kind,
      projectId: request.project_id,
    });
    return this.get(owner, id);
  }

  /** Inserts a conversation and returns its id (used by sends that start a new chat). */
  async createRow(
    owner: ChatOwner,
    input: NewConversation,
    now: string = new Date().toISOString(),
  ): Promise<string> {
    const id = timeOrderedId();
    await this.repository.insert(
      {
        id,
        title: input.title ?? CONVERSATION_DEFAULT_TITLE,
        title_set: input.title === undefined ? 0 : 1,
        kind: input.kind,
        is_favourite: 0,
        project_id: input.projectId ?? null,
        comparison_id: input.comparisonId ?? null,
        created_at: now,
        updated_at: now,
        last_message_at: null,
        current_leaf_id: input.currentLeafId ?? null,
      },
      owner,
    );
    return id;
  }

  async rename(owner: ChatOwner, id: string, title: string): Promise<Conversation> {
    await this.#mustUpdate(
      this.repository.update(owner, id, { title, title_set: 1, updated_at: now() }),
    );
    return this.get(owner, id);
  }

  async setFavourite(
    owner: ChatOwner,
    id: string,
    isFavourite: boolean | undefined,
  ): Promise<Conversation> {
    const changed =
      isFavourite === undefined
        ? this.repository.toggleFavourite(owner, id, now())
        : this.repository.update(owner, id, {
            is_favourite: isFavourite ? 1 : 0,
            updated_at: now(),
          });
    await this.#mustUpdate(changed);
    return this.get(owner, id);
  }

  /** The caller checks that the project is the owner's (assertProjectOwned). */
  async setProject(owner: ChatOwner, id: string, projectId: string | null): Promise<Conversation> {
    await this.#mustUpdate(
      this.repository.update(owner, id, { project_id: projectId, updated_at: now() }),
    );
    return this.get(owner, id);
  }

  async delete(owner: ChatOwner, id: string): Promise<void> {
    await this.#mustUpdate(this.repository.delete(owner, id));
  }

  /** Naming after the first exchange; a person's own title always wins. */
  async nameFromFirstMessage(conversationId: string, message: string): Promise<void> {
    await this.repository.setGeneratedTitle(conversationId, titleFromMessage(message));
  }

  /** A title a model wrote; like the first-words one, it never replaces a person's own. */
  async nameGenerated(conversationId: string, title: string): Promise<void> {
    await this.repository.setGeneratedTitle(conversationId, title);
  }

  /**
   * A conversation's upkeep when one of its turns ends with an answer (completed or cancelled):
   * dated, and named after `message` when that turn is its only one (`turns`: how many it
   * has, counted by chat). Run `within` the transaction that stores the turn's final state, the
   * search index takes the turn and the title in one write (each FTS5 write transaction flushes
   * a segment: BENCHMARKS.md, History search).
   */
  async afterTurn(
    conversationId: string,
    turn: { message: string; at: string; turns: number; titleByModel?: boolean },
  ): Promise<void> {
    await this.repository.touch(conversationId, turn.at);
    // A model names it after the answer instead (chat titles); it falls back to these words.
    if (turn.turns === 1 && !turn.titleByModel)
      await this.nameFromFirstMessage(conversationId, turn.message);
  }

  /** A comparison named after its first prompt names its panels' conversations alike. */
  renameComparison(comparisonId: string, title: string): Promise<void> {
    return this.repository.renameComparison(comparisonId, title);
  }

  /**
   * A new chat that starts inside the vault of `userId`: no owner, never indexed, its title
   * sealed by the caller (`sealTitle` is given the chat's id). Answers the id.
   */
  async createInVault(
    userId: string,
    sealTitle: (id: string) => string,
    now: string,
    currentLeafId: string,
  ): Promise<string> {
    const id = timeOrderedId();
    await this.vaultRows.insertInVault(id, userId, sealTitle(id), now, currentLeafId);
    return id;
  }

  /** Conversations of an account import, new rows whole (run `within` its transaction). */
  insertImported(rows: ReadonlyArray<Insertable<ConversationsTable>>): Promise<void> {
    return this.repository.insertImported(rows);
  }

  /** Per project of these: the account's chats in it and when the latest had a turn. */
  projectActivity(
    userId: string,
    projectIds: readonly string[],
  ): Promise<Map<string, { chats: number; lastChatAt: string | null }>> {
    return this.repository.projectActivity(userId, projectIds);
  }

  /** Which of these conversations are starred. */
  favouriteAmong(ids: readonly string[]): Promise<Set<string>> {
    return this.repository.favouriteAmong(ids);
  }

  /** A chat whose turns were copied in: its branch ends at `leafId`, last active at `at`. */
  continueAt(id: string, leafId: string, at: string): Promise<void> {
    return this.repository.continueAt(id, leafId, at);
  }

  /** Deletes a visitor's conversations (chat deleted their turns first). */
  deleteOfVisitor(visitorId: string): Promise<void> {
    return this.repository.deleteOfVisitor(visitorId);
  }

  /** True when the account owns the conversation (not one in its vault). */
  isOwnedBy(userId: string, conversationId: string): Promise<boolean> {
    return this.repository.isOwnedBy(userId, conversationId);
  }

  /** The project a conversation is in, or null. */
  projectIdOf(conversationId: string): Promise<string | null> {
    return this.repository.projectIdOf(conversationId);
  }

  /** The account whose vault holds the conversation, or null when it is not in a vault. */
  vaultUserOf(conversationId: string): Promise<string | null> {
    return this.repository.vaultUserOf(conversationId);
  }

  touch(conversationId: string, at: string): Promise<void> {
    return this.repository.touch(conversationId, at);
  }

  /** Moves a project's chats out of it (keep) or deletes them; answers how many. */
  emptyProject(userId: string, projectId: string, chats: 'keep' | 'delete'): Promise<number> {
    return chats === 'keep'
      ? this.repository.releaseProject(userId, projectId, now())
      : this.repository.deleteInProject(userId, projectId);
  }

  moveVisitorToUser(visitorId: string, userId: string): Promise<void> {
    return this.repository.moveVisitorToUser(visitorId, userId);
  }

  async #mustUpdate(done: Promise<boolean>): Promise<void> {
    if (!(await done)) throw new AppError('not_found', MESSAGES.conversationNotFound);
  }

  /** The vault's chats of `userId`, latest first, each comparison once (conversations' rows). */
  inVault(userId: string): ReturnType<VaultConversationsRepository['inVault']> {
    return this.vaultRows.inVault(userId);
  }

  /** A chat, or a comparison's every panel, on one side of the vault (empty: not there). */
  vaultItem(
    side: { kind: 'owned' | 'vault'; userId: string },
    id: string,
  ): ReturnType<VaultConversationsRepository['item']> {
    return this.vaultRows.item(side, id);
  }

  /** Hands a chat to the other side of the vault, its title rewritten. */
  moveSide(
    id: string,
    move: { intoVault: boolean; userId: string; title: string; now: string },
  ): Promise<void> {
    return this.vaultRows.moveSide(id, move);
  }
}

function now(): string {
  return new Date().toISOString();
}
