import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketEvent } from '../../../lib/ws';
import { CompareStreamer, type StreamSource } from './compare-streamer';
import type { LiveAnswer } from './live-answer';

function fakeSource() {
  let listener: (event: SocketEvent) => void = () => undefined;
  const source: StreamSource & {
    emit: (e: SocketEvent) => void;
    resumed: string[];
    tracked: string[];
  } = {
    resumed: [],
    tracked: [],
    onEvent: (l) => {
      listener = l;
      return () => undefined;
    },
    track: (id) => source.tracked.push(id),
    resume: (id) => source.resumed.push(id),
    untrack: () => undefined,
    emit: (e) => listener(e),
  };
  return source;
}

const tokens = (messageId: string, text: string, lastSequence: number): SocketEvent => ({
  type: 'tokens',
  batches: [
    {
      messageId,
      pieces: [{ sequence: lastSequence, text }],
      lastSequence,
      isComplete: false,
    },
  ],
});

describe('CompareStreamer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes each panel every 33 ms, panels offset by 10 ms, and shows an end at once', () => {
    const source = fakeSource();
    const published: { at: number; answers: LiveAnswer[] }[] = [];
    const ended: string[] = [];
    let clock = 0;
    const streamer = new CompareStreamer(source, {
      publish: (answers) => published.push({ at: Date.now(), answers }),
      onEnd: (id) => ended.push(id),
      now: () => clock,
    });
    const start = Date.now();
    streamer.follow('m0', 0, { resume: false, sentAt: 0 });
    streamer.follow('m1', 1, { resume: false, sentAt: 0 });
    expect(source.tracked).toEqual(['m0', 'm1']);
    vi.advanceTimersByTime(10);
    published.length = 0;

    clock = 120;
    source.emit(tokens('m0', 'Hel', 1));
    source.emit(tokens('m1', 'Wor', 1));
    source.emit(tokens('m0', 'lo', 2));
    expect(published).toEqual([]);
    vi.advanceTimersByTime(33);
    const m0 = published.find((p) => p.answers[0]?.messageId === 'm0');
    const m1 = published.find((p) => p.answers[0]?.messageId === 'm1');
    expect(m0?.answers[0]).toMatchObject({ text: 'Hello', status: 'streaming', firstTokenAt: 120 });
    expect(m1?.answers[0]?.text).toBe('Wor');
    expect((m1?.at ?? 0) - (m0?.at ?? 0)).toBe(10);
    expect((m0?.at ?? 0) - start).toBe(33);

    published.length = 0;
    source.emit({ type: 'status', messageId: 'm1', status: 'error', details: 'Upstream failed' });
    expect(published).toEqual([
      {
        at: Date.now(),
        answers: [
          expect.objectContaining({ messageId: 'm1', status: 'error', error: 'Upstream failed' }),
        ],
      },
    ]);
    expect(ended).toEqual(['m1']);
    // m0 streams on, untouched by m1's failure.
    source.emit(tokens('m0', '!', 3));
    vi.advanceTimersByTime(33);
    expect(published.at(-1)?.answers[0]).toMatchObject({
      messageId: 'm0',
      text: 'Hello!',
      status: 'streaming',
    });
    streamer.stop();
  });

  it('a reopened answer resumes from its first token; a retry replays into an empty text', () => {
    const source = fakeSource();
    const published: LiveAnswer[] = [];
    const streamer = new CompareStreamer(source, {
      publish: (a) => published.push(...a),
      onEnd: () => undefined,
    });
    streamer.follow('r', 2, { resume: true });
    expect(source.resumed).toEqual(['r']);
    source.emit(tokens('r', 'stale', 9));
    streamer.restart('r');
    source.emit(tokens('r', 'fresh', 1));
    vi.advanceTimersByTime(100);
    expect(published.at(-1)?.text).toBe('fresh');
    source.emit({ type: 'status', messageId: 'r', status: 'completed', details: 'cancelled' });
    expect(published.at(-1)?.status).toBe('cancelled');
    expect(streamer.isFollowing('r')).toBe(false);
    streamer.stop();
  });

  it('keeps a panel answer’s tool rows and sources, and counts only its tokens', () => {
    const source = fakeSource();
    const published: LiveAnswer[] = [];
    const streamer = new CompareStreamer(source, {
      publish: (a) => published.push(...a),
      onEnd: () => undefined,
    });
    const call = {
      id: 'c1',
      step: 0,
      name: 'web_search',
      arguments: '{"query":"q"}',
      started_at: '2026-01-01T00:00:00.000Z',
    };
    const cite = { index: 1, title: 'Q', url: 'https://q.example/', site: 'q.example' };
    streamer.follow('t', 0, { resume: false, sentAt: 0 });
    source.emit({
      type: 'tokens',
      batches: [
        {
          messageId: 't',
          pieces: [
            { sequence: 1, text: '', tool: { call: { ...call, status: 'running' } } },
            {
              sequence: 2,
              text: '',
              tool: { call: { ...call, status: 'completed' }, citations: [cite] },
            },
            { sequence: 3, text: 'Q is [1].' },
          ],
          lastSequence: 3,
          isComplete: false,
        },
      ],
    });
    vi.advanceTimersByTime(100);
    const shown = published.at(-1);
    expect(shown?.toolCalls.map((c) => c.status)).toEqual(['completed']);
    expect(shown?.citations).toEqual([cite]);
    expect(shown?.text).toBe('Q is [1].');
    expect(shown?.tokenCount).toBe(1);
    streamer.stop();
  });
});
