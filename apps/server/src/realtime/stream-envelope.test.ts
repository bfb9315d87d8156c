import { describe, expect, it } from 'vitest';
import {
  decodeLog,
  encodeEnvelope,
  encodeLogEntry,
  encodeRouting,
  eventJsonOf,
  FULL_ENTRY_EVERY,
  type StreamEnvelope,
  type StreamEvent,
} from './stream-envelope';

const messageId = '6f1c1f5e-2f55-4c52-9a57-0a3a1f7e9b10';

function envelope(order: number, event: StreamEvent, final = false): StreamEnvelope {
  return {
    owner: 'visitor:visitor_0123456789abcdef0123456789abcdef',
    messageId,
    attempt: 'b1c7a0de-9d3c-4a59-8d8e-5b7f3c1d2e4f',
    order,
    target: 'conn_0123456789abcdef',
    final,
    event,
  };
}

/** A whole attempt as the publisher numbers it: statuses, `tokens` tokens, the closing pair. */
function stream(tokens: number): StreamEnvelope[] {
  const events: StreamEnvelope[] = [
    envelope(1, { type: 'ai_status', status: 'initializing', message_id: messageId }),
    envelope(2, { type: 'ai_status', status: 'streaming', message_id: messageId }),
  ];
  for (let n = 1; n <= tokens; n++) {
    events.push(
      envelope(events.length + 1, {
        type: 'ai_token',
        message_id: messageId,
        token: `t${n} "quoted" ü`,
        sequence: n,
        is_complete: false,
      }),
    );
  }
  events.push(
    envelope(events.length + 1, {
      type: 'ai_token',
      message_id: messageId,
      token: '',
      sequence: tokens + 1,
      is_complete: true,
    }),
    envelope(
      events.length + 2,
      { type: 'ai_status', status: 'completed', message_id: messageId },
      true,
    ),
  );
  return events;
}

const logOf = (events: StreamEnvelope[]) => events.map((e) => encodeLogEntry(e));

describe('envelope encoding', () => {
  it('is plain JSON of the whole envelope, with the routing encoded once and reused', () => {
    const tricky: StreamEnvelope = {
      ...envelope(7, {
        type: 'ai_token',
        message_id: messageId,
        token: 'line\nbreak "q" \\ ü',
        sequence: 3,
        is_complete: false,
      }),
      owner: 'user:"odd" \\ owner',
      target: null,
    };
    const payload = encodeEnvelope(tricky, encodeRouting(tricky));
    expect(JSON.parse(payload)).toEqual(tricky);
    expect(payload).not.toContain('\n');
    expect(JSON.parse(eventJsonOf(tricky))).toEqual(tricky.event);
    // Any other envelope (replayed, or from another process) is encoded on demand.
    const other = { ...tricky, event: { ...tricky.event } };
    expect(JSON.parse(eventJsonOf(other))).toEqual(tricky.event);
  });
});

describe('replay log entries', () => {
  it('decode to exactly the envelopes that were published', () => {
    const events = stream(FULL_ENTRY_EVERY * 2 + 7);
    expect(decodeLog(logOf(events))).toEqual(events);
  });

  it('store a token in a fraction of its envelope', () => {
    const [, , token] = stream(1);
    if (!token) throw new Error('no token');
    const entry = encodeLogEntry(token);
    expect(entry.length).toBeLessThan(encodeEnvelope(token).length / 5);
  });

  it('start at the next full entry when the log lost its oldest entries', () => {
    const events = stream(FULL_ENTRY_EVERY + 20);
    const trimmed = logOf(events).slice(5);
    const decoded = decodeLog(trimmed);
    const firstFull = events.findIndex((e) => e.order > 5 && e.order % FULL_ENTRY_EVERY === 1);
    expect(decoded).toEqual(events.slice(firstFull));
  });

  it("keep each token's production time, so a resumed client measures the real speed", () => {
    const events = stream(FULL_ENTRY_EVERY + 3).map((e, i) =>
      e.event.type === 'ai_token' && !e.event.is_complete
        ? { ...e, event: { ...e.event, at: 1_700_000_000_000 + i * 16 } }
        : e,
    );
    expect(decodeLog(logOf(events))).toEqual(events);
  });

  it('skip what is not an entry', () => {
    const events = stream(3);
    const entries = logOf(events);
    entries.splice(3, 0, '[1, "x"]', 'not json', '{"owner": 1}');
    expect(decodeLog(entries)).toEqual(events);
  });
});
