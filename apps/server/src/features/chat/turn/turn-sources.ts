import type { ChatMcpChoice, ChatSettings } from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { ChatOwner } from '../../../infra/auth/chat-owner';
import { AppError } from '../../../infra/errors';
import type { GenerationParameters } from '../../../providers/chat-types';
import type { KnowledgeExcerpt } from '../../../providers/context';

/** A send as the sources see it, before anything is stored. */
export interface SendFacts {
  owner: ChatOwner;
  /** The stored chat the turn goes into; null for a new chat. */
  conversation: { id: string; kind: string; comparisonId: string | null } | null;
  /** The project a new chat is started in (not yet checked). */
  projectId: string | null;
  promptGeneratorId: string | null;
  comparisonId: string | null;
  /** The settings a new chat's first send carries (null: none, or a chat that exists). */
  chatSettings?: ChatSettings | null;
}

/**
 * Instructions a source fixes for a turn when it is sent: the turn stores the version, so a
 * retry or a later step reads the same text. `body` is known at send and read again later.
 */
export interface TurnPin {
  version: number;
  body: string | null;
}

/** The turn whose context is being assembled. */
export interface TurnSubject {
  /** The turn's id (its message id, known before it is stored). */
  turnId: string;
  /** Who sends it; null for a turn no account owns. */
  owner: ChatOwner | null;
  /**
   * True for a sealed turn (the vault's): sources of an account's own context (its custom
   * instructions, its memory) add nothing to it and save nothing from it.
   */
  sealed: boolean;
  /** The stored chat; null for a new chat whose turn is not stored yet (an early start). */
  conversationId: string | null;
  /** The chat's project (the stored chat's, or the one a new chat starts in); null: none. */
  projectId: string | null;
  content: string;
  pin: TurnPin | null;
  /** A new chat's settings from its first send, read before they are stored (an early start). */
  chatSettings?: ChatSettings | null;
}

/** What one source adds to a turn's context. */
export interface ContextPart {
  /** For the system message: before the history, never trimmed. */
  system?: string;
  /** Excerpts of files, best first; the files drawn on are named on the answer. */
  excerpts?: readonly KnowledgeExcerpt[];
  /** Generation parameters (temperature, limits…); a later source's value wins. */
  parameters?: GenerationParameters;
  /** The chat's Web search toggle (chat settings); any source saying true turns it on. */
  webSearch?: boolean;
  /** The chat's MCP servers and tools (chat settings `mcp`); the last source saying wins. */
  mcp?: ChatMcpChoice;
}

/**
 * One source of a turn's context (project instructions, knowledge excerpts, generator
 * instructions; later memory or tool results). A feature registers its own source on
 * `app.turnSources`; chat knows none of them.
 */
export interface TurnSource {
  readonly name: string;
  /**
   * 'system' for a source of the system message, 'excerpts' for one of file excerpts. A pinned
   * turn's system message is its pinning source's alone (other system sources are not read).
   */
  readonly provides: 'system' | 'excerpts';
  /** True for the one source whose check pins instructions (the generator's). */
  readonly pins?: boolean;
  /**
   * Where its part goes in the system message, lowest first (SOURCE_ORDER); sources of one
   * place keep the order they were registered in.
   */
  readonly order?: number;
  /**
   * At send, before anything is stored: may refuse the send (an AppError) and may pin the
   * instructions the turn is answered with.
   */
  check?(send: SendFacts): Promise<TurnPin | null | undefined>;
  read(turn: TurnSubject): Promise<ContextPart>;
  /** In the transaction that creates a chat with its first turn: keeps what the send carried. */
  storeWithNewChat?(db: Kysely<Database>, conversationId: string, send: SendFacts): Promise<void>;
}

/**
 * The system message goes from the broadest to the most particular: what the account says of
 * itself, then what it asked to be remembered, then its project's instructions, then the chat's
 * own system prompt; excerpts of files come last.
 */
export const SOURCE_ORDER = {
  account: 10,
  memory: 20,
  project: 30,
  chat: 40,
  excerpts: 50,
} as const;

const DEFAULT_ORDER = SOURCE_ORDER.project;

/** A turn's context from every source, in SOURCE_ORDER. */
export interface AssembledContext {
  system: string;
  excerpts: KnowledgeExcerpt[];
  parameters: GenerationParameters;
  /** The chat's Web search toggle: the turn may offer the web tools (the toolbox decides). */
  webSearch?: boolean;
  /** The chat's MCP choice: the turn may offer those servers' tools (the toolbox decides). */
  mcp?: ChatMcpChoice;
}

const NONE: AssembledContext = { system: '', excerpts: [], parameters: {} };

function mcpOf(parts: readonly ContextPart[]): { mcp?: ChatMcpChoice } {
  const said = parts.filter((p) => p.mcp !== undefined).at(-1)?.mcp;
  return said === undefined ? {} : { mcp: said };
}

/** The registered sources of turn context (app.turnSources). */
export class TurnSources {
  readonly #sources: TurnSource[] = [];

  register(source: TurnSource): void {
    if (this.#sources.some((s) => s.name === source.name))
      throw new Error(`turn source ${source.name} is registered twice`);
    this.#sources.push(source);
    // Array.prototype.sort is stable: one place keeps the registration order.
    this.#sources.sort((a, b) => (a.order ?? DEFAULT_ORDER) - (b.order ?? DEFAULT_ORDER));
  }

  /**
   * Runs every source's send check in turn, the pinning source's first (what kind of turn the
   * send is comes before whose project it names); the pin it made, if any.
   */
  async check(send: SendFacts): Promise<TurnPin | null> {
    let pin: TurnPin | null = null;
    const pinningFirst = [...this.#sources].sort(
      (a, b) => Number(b.pins ?? 0) - Number(a.pins ?? 0),
    );
    for (const source of pinningFirst) {
      const made = await source.check?.(send);
      if (!made) continue;
      if (pin !== null) throw new AppError('validation_error', 'Two sources pinned one turn.');
      pin = made;
    }
    return pin;
  }

  /** Reads every source for the turn (at once) and joins their parts. */
  async assemble(turn: TurnSubject): Promise<AssembledContext> {
    const reading = this.#sources.filter(
      (s) => turn.pin === null || s.provides !== 'system' || s.pins === true,
    );
    if (reading.length === 0) return NONE;
    const parts = await Promise.all(reading.map((s) => s.read(turn)));
    return {
      system: parts
        .map((p) => p.system ?? '')
        .filter((text) => text !== '')
        .join('\n\n'),
      excerpts: parts.flatMap((p) => p.excerpts ?? []),
      parameters: Object.assign(
        {},
        ...parts.map((p) => p.parameters ?? {}),
      ) as GenerationParameters,
      ...(parts.some((p) => p.webSearch === true) ? { webSearch: true } : {}),
      ...mcpOf(parts),
    };
  }

  /** Each source keeps what a new chat's first send carried, in the send's transaction. */
  async storeWithNewChat(
    db: Kysely<Database>,
    conversationId: string,
    send: SendFacts,
  ): Promise<void> {
    for (const source of this.#sources) await source.storeWithNewChat?.(db, conversationId, send);
  }
}
