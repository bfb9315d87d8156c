import type { CompareAnswer } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { metricsOf, type LiveAnswer } from './live-answer';

const created = Date.parse('2026-01-01T10:00:00.000Z');

const stored: CompareAnswer = {
  panel: 0,
  message_id: 'm',
  status: 'streaming',
  response: null,
  error: null,
  input_tokens: null,
  output_tokens: null,
  ttft_ms: null,
  tokens_per_second: null,
  cost_usd: null,
  created_at: new Date(created).toISOString(),
};

function live(changes: Partial<LiveAnswer>): LiveAnswer {
  return {
    messageId: 'm',
    panel: 0,
    status: 'streaming',
    text: 'x'.repeat(400),
    error: null,
    sentAt: null,
    firstTokenAt: null,
    lastTokenAt: null,
    serverFirstAt: null,
    serverLastAt: null,
    tokenCount: 0,
    toolCalls: [],
    citations: [],
    ...changes,
  };
}

describe('metricsOf', () => {
  it("measures a resumed answer from the server's token times, not the replay burst", () => {
    // 61 tokens produced over one second, replayed to this page within 5 ms.
    const resumed = live({
      firstTokenAt: 1000,
      lastTokenAt: 1005,
      serverFirstAt: created + 450,
      serverLastAt: created + 1450,
      tokenCount: 61,
    });
    expect(metricsOf(stored, resumed, undefined, 'prompt')).toMatchObject({
      ttftMs: 450,
      tokens: 61,
      tokensPerSecond: 60,
    });
  });

  it("falls back on this page's clock when the server sends no token times", () => {
    const sent = live({ sentAt: 0, firstTokenAt: 200, lastTokenAt: 1200 });
    expect(metricsOf(undefined, sent, undefined, '')).toMatchObject({
      ttftMs: 200,
      tokens: 100,
      tokensPerSecond: 100,
    });
  });
});
