import { randomInt, randomUUID } from 'node:crypto';
import {
  MESSAGES,
  type CompareCheckLimitsResponse,
  type CompareListQuery,
  type CompareListResponse,
  type ComparePanelSendRequest,
  type ComparePanelSendResponse,
  type CompareSession,
  type CompareVoteRequest,
  type CreateCompareSessionRequest,
  type MessageResponse,
  type SendMessageRequest,
} from '@parallax/contract';
import { AppError, isAppError } from '../../infra/errors';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import type { ConversationsService } from '../conversations';
import type { LimitsService } from '../limits';
import type { ChatServices } from '../chat';
import type { ModelsService } from '../models/models.service';
import {
  likePattern,
  type CompareRepository,
  type ModelRow,
  type PanelRow,
  type SessionRow,
} from './compare.repository';
import type { CompareSends } from './compare-sends.service';
import type { ArenaVotes } from './arena-votes.service';
import { isHidden, threadsOf, toSession, toSummary } from './compare-view';
import { comparisonTitleFrom, DEFAULT_COMPARISON_TITLE } from './compare-title';

export const COMPARISON_NOT_FOUND = 'Comparison not found';
const FINISHED = ['completed', 'error', 'cancelled'];

/** Fisher–Yates with a CSPRNG: a blind order nobody can predict from the request. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * Where a panel's turn is sent: chat's send pipeline, which the app hands to compare (compare
 * never imports chat, whose sends in turn call compare's CompareSends).
 */
export interface PanelTurns {
  send(
    request: SendMessageRequest,
    context: { owner: ChatOwner; liveConnectionId: string | null },
  ): Promise<MessageResponse>;
}

export interface CompareDeps {
  conversations: ConversationsService;
  repository: CompareRepository;
  models: ModelsService;
  limits: LimitsService;
  messages: PanelTurns;
  /** Chat's stored turns: the panels' turns, their search, and the copy of a panel. */
  turns: ChatServices['records'];
  sends: CompareSends;
  /** What the arena records with each verdict. */
  arena: ArenaVotes;
  /** Called after every verdict: the global boards need recomputing. */
  onVoted: () => void;
  /** Sorts a newly judged prompt into categories, in the background. */
  classify: (sessionId: string, turnIndex: number, prompt: string) => void;
}

/**
 * Comparisons on top of chat: every panel is a conversation of kind comparison, every panel
 * turn a chat message carrying the session id as comparison_id, sent through the chat send
 * pipeline (idempotency, limits, streaming, resume and retry all come from there).
 */
export class CompareService {
  constructor(private readonly deps: CompareDeps) {}

  async create(owner: ChatOwner, request: CreateCompareSessionRequest): Promise<CompareSession> {
    const id = request.comparison_id ?? randomUUID();
    if (await this.deps.repository.exists(id)) {
      // A repeated create (a retried request) answers with the session it made.
      return this.get(owner, id);
    }
    await this.deps.limits.assertComparePanels(owner, request.models.length);
    for (const model of request.models) {
      let resolved;
      try {
        resolved = await this.deps.models.resolve(model);
      } catch (error) {
        if (isAppError(error)) throw new AppError('validation_error', `models: ${error.detail}`);
        throw error;
      }
      await this.deps.limits.assertModelAllowed(owner, resolved.info, 'models');
    }
    const order = request.blind ? shuffled(request.models) : request.models;
    const now = new Date().toISOString();
    const title = request.title ?? DEFAULT_COMPARISON_TITLE;
    await this.deps.repository.insertSession(
      {
        id,
        title,
        blind: request.blind ? 1 : 0,
        revealed_at: null,
        created_at: now,
        updated_at: now,
      },
      owner,
      async (trx) => {
        const conversations = this.deps.conversations.within(trx);
        const panels: PanelRow[] = [];
        for (const [position, model] of order.entries()) {
          const conversationId = await conversations.createRow(
            owner,
            { kind: 'comparison', comparisonId: id, title },
            now,
          );
          panels.push({ session_id: id, position, model, conversation_id: conversationId });
        }
        return panels;
      },
    );
    await this.deps.sends.forgetAllocation(id);
    return this.get(owner, id);
  }

  async list(owner: ChatOwner, query: CompareListQuery): Promise<CompareListResponse> {
    const search = query.search?.trim();
    const mentioning = search
      ? await this.deps.turns.comparisonsMentioning(owner, likePattern(search))
      : [];
    const { rows, total } = await this.deps.repository.list(owner, { ...query, mentioning });
    const ids = rows.map((r) => r.id);
    const panels = await this.deps.repository.panels(ids);
    const firstPanels = panels.filter((p) => p.position === 0).map((p) => p.conversation_id);
    const [starred, turns, models] = await Promise.all([
      this.#starred(panels),
      this.deps.turns.countsOf(firstPanels),
      this.#models(panels),
    ]);
    const turnCount = (sessionId: string) => {
      const first = panels.find((p) => p.session_id === sessionId && p.position === 0);
      return first === undefined ? 0 : (turns.get(first.conversation_id) ?? 0);
    };
    return {
      sessions: rows.map((row) =>
        toSummary(
          row,
          panels.filter((p) => p.session_id === row.id),
          models,
          turnCount(row.id),
          starred.has(row.id),
        ),
      ),
      total,
      has_more: query.offset + rows.length < total,
    };
  }

  async get(owner: ChatOwner, id: string): Promise<CompareSession> {
    const session = await this.#session(owner, id);
    const panels = await this.deps.repository.panels([id]);
    const [messages, votes, models, starred] = await Promise.all([
      this.deps.turns.ofComparison(owner, id),
      this.deps.repository.votes(id),
      this.#models(panels),
      this.#starred(panels),
    ]);
    return toSession(session, panels, messages, votes, models, starred.has(id));
  }

  /**
   * The session as a share link shows it: like `get`, but a blind session that is not yet
   * revealed shows its models when the owner chose so (`reveal`); voting stays untouched.
   */
  async sharedView(owner: ChatOwner, id: string, reveal: boolean): Promise<CompareSession> {
    const found = await this.#session(owner, id);
    const session = reveal
      ? { ...found, revealed_at: found.revealed_at ?? found.updated_at }
      : found;
    const panels = await this.deps.repository.panels([id]);
    const [messages, votes, models] = await Promise.all([
      this.deps.turns.ofComparison(owner, id),
      this.deps.repository.votes(id),
      this.#models(panels),
    ]);
    return toSession(session, panels, messages, votes, models, false);
  }

  /** Whether the session is still the owner's (not deleted, not moved into the vault). */
  async exists(owner: ChatOwner, id: string): Promise<boolean> {
    return (await this.deps.repository.findOwned(owner, id)) !== undefined;
  }

  /**
   * Stars or unstars a session (toggles when `isFavourite` is undefined). The star lives on the
   * first panel's conversation, so the favourites call lists a comparison once; unstarring
   * clears every panel, in case one was starred through the conversations API.
   */
  async setFavourite(
    owner: ChatOwner,
    id: string,
    isFavourite: boolean | undefined,
  ): Promise<CompareSession> {
    await this.#session(owner, id);
    const panels = await this.deps.repository.panels([id]);
    const wanted = isFavourite ?? !(await this.#starred(panels)).has(id);
    const targets = wanted ? panels.slice(0, 1) : panels;
    for (const panel of targets)
      await this.deps.conversations.setFavourite(owner, panel.conversation_id, wanted);
    return this.get(owner, id);
  }

  /** One panel's turn (or the retry of its failed turn) through the chat send pipeline. */
  async sendToPanel(
    owner: ChatOwner,
    id: string,
    panelIndex: number,
    request: ComparePanelSendRequest,
    liveConnectionId: string | null,
  ): Promise<ComparePanelSendResponse> {
    const session = await this.#session(owner, id);
    const panel = await this.#panel(id, panelIndex);
    const model = await this.deps.models.resolve(panel.model).catch((error: unknown) => {
      // In a blind session even the reason must not name the model.
      if (isAppError(error) && isHidden(session))
        throw new AppError(error.code, 'This model is not available right now.');
      throw error;
    });
    const sent = await this.deps.messages.send(
      {
        message: request.message,
        message_id: request.message_id,
        conversation_id: panel.conversation_id,
        comparison_id: id,
        provider: model.info.provider,
        model: model.info.id,
        include_conversation_history: true,
        ...(request.web_search !== undefined && { web_search: request.web_search }),
        ...(request.mcp !== undefined && { mcp: request.mcp }),
      },
      { owner, liveConnectionId },
    );
    const now = new Date().toISOString();
    const title =
      session.title === DEFAULT_COMPARISON_TITLE ? comparisonTitleFrom(request.message) : null;
    await this.deps.repository.update(id, { updated_at: now, ...(title ? { title } : {}) });
    // The panels' conversations carry the name too: a starred comparison appears in the
    // favourites call as its first panel's conversation.
    if (title) await this.deps.conversations.renameComparison(id, title);
    return {
      panel: panel.position,
      message_id: sent.id,
      status: sent.status,
      response: sent.response,
      request_id: sent.request_id,
      remaining_messages: sent.remaining_messages,
    };
  }

  /** The verdict on one turn once every panel's answer has ended; reveals a blind session. */
  async vote(owner: ChatOwner, id: string, request: CompareVoteRequest): Promise<CompareSession> {
    const session = await this.#session(owner, id);
    const panels = await this.deps.repository.panels([id]);
    const threads = threadsOf(panels, await this.deps.turns.ofComparison(owner, id));
    const answers = threads.flatMap((thread) => {
      const row = thread[request.turn_index];
      return row ? [row] : [];
    });
    if (answers.length === 0)
      throw new AppError('validation_error', 'turn_index: this comparison has no such turn.');
    if (answers.some((a) => !FINISHED.includes(a.status)))
      throw new AppError('conflict', 'Wait until every answer has finished before voting.');
    if (typeof request.winner === 'number' && !panels.some((p) => p.position === request.winner))
      throw new AppError('validation_error', 'winner: this comparison has no such panel.');
    const now = new Date();
    const at = now.toISOString();
    const previous = (await this.deps.repository.votes(id)).find(
      (v) => Number(v.turn_index) === request.turn_index,
    );
    const arena = await this.deps.arena.describe({
      owner,
      session,
      panels,
      answers,
      previous,
      now,
    });
    await this.deps.repository.upsertVote({
      session_id: id,
      turn_index: request.turn_index,
      outcome: typeof request.winner === 'number' ? 'panel' : request.winner,
      winner_position: typeof request.winner === 'number' ? request.winner : null,
      created_at: at,
      ...arena,
    });
    await this.deps.repository.reveal(id, at);
    await this.deps.repository.update(id, { updated_at: at });
    await this.deps.arena.bumpVersion();
    this.deps.onVoted();
    const prompt = answers[0]?.content;
    if (prompt !== undefined && (previous?.categories ?? null) === null)
      this.deps.classify(id, request.turn_index, prompt);
    return this.get(owner, id);
  }

  /** "Continue with this one": the panel's thread becomes a regular conversation. */
  async continueWith(owner: ChatOwner, id: string, panelIndex: number): Promise<string> {
    const session = await this.#session(owner, id);
    const panel = await this.#panel(id, panelIndex);
    const [model] = await this.deps.models.rowsOf([panel.model]);
    const title = `${session.title} · ${model?.friendly_name ?? panel.model}`.slice(0, 200);
    const conversationId = await this.deps.repository.transaction(async (trx) => {
      const conversations = this.deps.conversations.within(trx);
      const id = await conversations.createRow(owner, { kind: 'regular', title });
      const copied = await this.deps.turns.within(trx).copyLinear(owner, panel.conversation_id, id);
      if (copied !== null) await conversations.continueAt(id, copied.leafId, copied.lastAt);
      return id;
    });
    // The new chat names its model, so the blind session is revealed with it.
    await this.deps.repository.reveal(id, new Date().toISOString());
    return conversationId;
  }

  /** Each panel spends one unit: may `panels` turns go out now? */
  async checkLimits(owner: ChatOwner, panels: number): Promise<CompareCheckLimitsResponse> {
    const state = await this.deps.limits.state(owner);
    return {
      can_send: state.remaining === null || state.remaining >= panels,
      needed: panels,
      remaining_messages: state.remaining,
      daily_limit: state.dailyLimit,
    };
  }

  async #session(owner: ChatOwner, id: string): Promise<SessionRow> {
    const session = await this.deps.repository.findOwned(owner, id);
    if (!session) throw new AppError('not_found', COMPARISON_NOT_FOUND);
    return session;
  }

  async #panel(id: string, position: number): Promise<PanelRow> {
    const panel = (await this.deps.repository.panels([id])).find((p) => p.position === position);
    if (!panel) throw new AppError('not_found', MESSAGES.conversationNotFound);
    return panel;
  }

  /** Which of the panels' sessions are starred: a starred panel conversation stars its session. */
  async #starred(panels: readonly PanelRow[]): Promise<Set<string>> {
    const starred = await this.deps.conversations.favouriteAmong(
      panels.map((p) => p.conversation_id),
    );
    return new Set(panels.filter((p) => starred.has(p.conversation_id)).map((p) => p.session_id));
  }

  async #models(panels: readonly PanelRow[]): Promise<Map<string, ModelRow>> {
    const rows = await this.deps.models.rowsOf(panels.map((p) => p.model));
    return new Map(rows.map((row) => [row.id, row]));
  }
}
