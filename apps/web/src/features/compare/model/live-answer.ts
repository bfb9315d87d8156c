import type {
  Citation,
  CompareAnswer,
  ComparePanel,
  MessageStatus,
  ToolCallView,
} from '@parallax/contract';

export type LiveStatus = MessageStatus;

/** What the screen knows of an answer while it streams (times from performance.now()). */
export interface LiveAnswer {
  messageId: string;
  panel: number;
  status: LiveStatus;
  text: string;
  error: string | null;
  sentAt: number | null;
  firstTokenAt: number | null;
  lastTokenAt: number | null;
  /** When the server produced the first and latest token (epoch ms), replays included. */
  serverFirstAt: number | null;
  serverLastAt: number | null;
  /** Tokens the server has sent so far (the latest token's sequence, tool events left out). */
  tokenCount: number;
  /** The tools the answer called so far, their latest states (rows), and the sources found. */
  toolCalls: ToolCallView[];
  citations: Citation[];
}

export interface PanelMetrics {
  ttftMs: number | null;
  tokens: number | null;
  tokensPerSecond: number | null;
  costUsd: number | null;
}

/** Rough token count of streamed text (≈ 4 characters a token) until the provider's usage arrives. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function isRunning(status: LiveStatus): boolean {
  return status === 'pending' || status === 'streaming';
}

/**
 * Figures from the server's times: a replay after a reload arrives in one burst, so only the
 * times the tokens were produced say how fast the model really was.
 */
function serverTiming(live: LiveAnswer, stored: CompareAnswer | undefined) {
  const tokens = live.tokenCount > 0 ? live.tokenCount : estimateTokens(live.text);
  const first = live.serverFirstAt ?? 0;
  const streamMs = (live.serverLastAt ?? first) - first;
  const createdAt = stored ? Date.parse(stored.created_at) : Number.NaN;
  const ttftMs = Number.isNaN(createdAt)
    ? clientTiming(live).ttftMs
    : Math.max(0, first - createdAt);
  return {
    tokens,
    ttftMs,
    tokensPerSecond: streamMs > 0 && tokens > 1 ? (tokens - 1) / (streamMs / 1000) : null,
  };
}

/** Figures from this page's clock, for a server that sends no token times. */
function clientTiming(live: LiveAnswer) {
  const tokens = estimateTokens(live.text);
  const ttftMs =
    live.firstTokenAt !== null && live.sentAt !== null ? live.firstTokenAt - live.sentAt : null;
  const streamMs =
    live.firstTokenAt !== null && live.lastTokenAt !== null
      ? live.lastTokenAt - live.firstTokenAt
      : 0;
  return { tokens, ttftMs, tokensPerSecond: streamMs > 0 ? tokens / (streamMs / 1000) : null };
}

/**
 * Live figures while streaming (from the socket's timing), the stored ones once the answer has
 * ended (the server's measured TTFT, usage and price).
 */
export function metricsOf(
  stored: CompareAnswer | undefined,
  live: LiveAnswer | undefined,
  panel: ComparePanel | undefined,
  prompt: string,
): PanelMetrics {
  if (stored && !isRunning(stored.status) && (!live || !isRunning(live.status))) {
    return {
      ttftMs: stored.ttft_ms,
      tokens: stored.output_tokens,
      tokensPerSecond: stored.tokens_per_second,
      costUsd: stored.cost_usd,
    };
  }
  if (!live) return { ttftMs: null, tokens: null, tokensPerSecond: null, costUsd: null };
  const { tokens, ttftMs, tokensPerSecond } =
    live.serverFirstAt !== null ? serverTiming(live, stored) : clientTiming(live);
  const inputPrice = panel?.input_price_per_million ?? null;
  const outputPrice = panel?.output_price_per_million ?? null;
  return {
    ttftMs,
    tokens,
    tokensPerSecond,
    costUsd:
      inputPrice === null || outputPrice === null
        ? null
        : (estimateTokens(prompt) * inputPrice + tokens * outputPrice) / 1_000_000,
  };
}
