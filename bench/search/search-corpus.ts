/**
 * A deterministic chat history for the search benchmark: pseudo-words drawn from a Zipf
 * distribution (word of rank r has weight 1/r, like natural language), 20 turns per
 * conversation, and one heavy user owning a tenth of all messages.
 */

export interface CorpusShape {
  messages: number;
  conversations: number;
  users: number;
  heavyUserMessages: number;
}

export interface UserRow {
  id: string;
  email: string;
}

export interface ConversationRow {
  id: string;
  userId: string;
  title: string;
  createdAt: string;
}

export interface MessageRow {
  id: string;
  userId: string;
  conversationId: string;
  content: string;
  response: string;
  createdAt: string;
  parentId: string | null;
}

const VOCABULARY_SIZE = 40_000;
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  're',
  'su',
  'ten',
  'var',
  'no',
  'pli',
  'dor',
  'ex',
  'qua',
  'zen',
  'bri',
  'fo',
  'gal',
  'hu',
  'in',
  'jo',
  'mar',
  'ost',
  'pre',
  'ru',
  'sa',
  'tor',
  'ul',
  'vi',
  'wen',
];
const START = Date.parse('2025-06-01T00:00:00.000Z');
const YEAR_MS = 365 * 24 * 3600 * 1000;

/** mulberry32: fast, seedable, good enough for sampling. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Distinct pronounceable words; index = frequency rank - 1. */
export function vocabulary(): string[] {
  const words: string[] = [];
  const seen = new Set<string>();
  const next = rng(7);
  while (words.length < VOCABULARY_SIZE) {
    const n = 2 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < n; i += 1) word += SYLLABLES[Math.floor(next() * SYLLABLES.length)];
    if (!seen.has(word)) {
      seen.add(word);
      words.push(word);
    }
  }
  return words;
}

export class ZipfText {
  readonly #cdf: Float64Array;
  readonly #next: () => number;

  constructor(
    readonly words: readonly string[],
    seed: number,
  ) {
    this.#cdf = new Float64Array(words.length);
    let total = 0;
    for (let r = 0; r < words.length; r += 1) {
      total += 1 / (r + 1);
      this.#cdf[r] = total;
    }
    for (let r = 0; r < words.length; r += 1) this.#cdf[r] = (this.#cdf[r] ?? 0) / total;
    this.#next = rng(seed);
  }

  #word(): string {
    const x = this.#next();
    let lo = 0;
    let hi = this.#cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#cdf[mid] ?? 1) < x) lo = mid + 1;
      else hi = mid;
    }
    return this.words[lo] ?? '';
  }

  /** A sentence-like text of min..max words. */
  text(min: number, max: number): string {
    const n = min + Math.floor(this.#next() * (max - min + 1));
    const out: string[] = [];
    for (let i = 0; i < n; i += 1) out.push(this.#word());
    const text = out.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  }
}

export const HEAVY_USER_ID = 'bench-user-0000';

export function users(shape: CorpusShape): UserRow[] {
  return Array.from({ length: shape.users }, (_, i) => {
    const id = `bench-user-${String(i).padStart(4, '0')}`;
    return { id, email: `${id}@bench.invalid` };
  });
}

/**
 * Conversations in batches, each with its turns. The heavy user owns the first
 * heavyUserMessages / turnsPerConversation conversations; the rest go round the other users.
 */
export function* conversationBatches(
  shape: CorpusShape,
  text: ZipfText,
  batchSize: number,
): Generator<{ conversations: ConversationRow[]; messages: MessageRow[] }> {
  const turns = Math.round(shape.messages / shape.conversations);
  const heavyConversations = Math.round(shape.heavyUserMessages / turns);
  let conversations: ConversationRow[] = [];
  let messages: MessageRow[] = [];
  for (let c = 0; c < shape.conversations; c += 1) {
    const userIndex =
      c < heavyConversations ? 0 : 1 + ((c - heavyConversations) % (shape.users - 1));
    const userId = `bench-user-${String(userIndex).padStart(4, '0')}`;
    const id = `bench-conv-${String(c).padStart(6, '0')}`;
    const base = START + Math.floor((c / shape.conversations) * YEAR_MS);
    conversations.push({
      id,
      userId,
      title: text.text(3, 5).slice(0, -1),
      createdAt: new Date(base).toISOString(),
    });
    let parentId: string | null = null;
    for (let t = 0; t < turns; t += 1) {
      const messageId = `${id}-m${String(t).padStart(2, '0')}`;
      messages.push({
        id: messageId,
        userId,
        conversationId: id,
        content: text.text(8, 16),
        response: text.text(25, 50),
        createdAt: new Date(base + t * 60_000).toISOString(),
        parentId,
      });
      parentId = messageId;
    }
    if (conversations.length === batchSize) {
      yield { conversations, messages };
      conversations = [];
      messages = [];
    }
  }
  if (conversations.length > 0) yield { conversations, messages };
}
