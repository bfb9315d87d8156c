import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

type Seen = [event: string, data: string];

function parse(chunks: readonly (string | Buffer)[]): { events: Seen[]; stray: string } {
  const events: Seen[] = [];
  const parser = new SseParser((event, data) => events.push([event, data]));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, stray: parser.stray };
}

const STREAM =
  ': keep-alive\n' +
  'event: message_start\ndata: {"a":1}\n\n' +
  'event: ping\ndata: {"type": "ping"}\n\n' +
  'data: first line\ndata: second line\n\n' +
  'id: 7\nretry: 100\ndata: {"text":"héllo ✓ 🌍"}\n\n' +
  'data: [DONE]\n\n';
const EXPECTED: Seen[] = [
  ['message_start', '{"a":1}'],
  ['ping', '{"type": "ping"}'],
  ['message', 'first line\nsecond line'],
  ['message', '{"text":"héllo ✓ 🌍"}'],
  ['message', '[DONE]'],
];

describe('SseParser', () => {
  it('parses named events, multi-line data, comments and ignored fields', () => {
    expect(parse([STREAM])).toEqual({ events: EXPECTED, stray: '' });
  });

  it('gives the same events however the bytes are split into two chunks', () => {
    const bytes = Buffer.from(STREAM, 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(parse([bytes.subarray(0, cut), bytes.subarray(cut)]).events).toEqual(EXPECTED);
    }
  });

  it('copes with one byte per chunk, including inside multi-byte characters', () => {
    const bytes = Buffer.from(STREAM, 'utf8');
    const chunks = Array.from(bytes, (_, i) => bytes.subarray(i, i + 1));
    expect(parse(chunks).events).toEqual(EXPECTED);
  });

  it('accepts CRLF and lone CR line breaks, also when a CRLF is split across chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    expect(parse([crlf]).events).toEqual(EXPECTED);
    expect(parse([STREAM.replace(/\n/g, '\r')]).events).toEqual(EXPECTED);
    for (let cut = 0; cut <= crlf.length; cut++) {
      expect(parse([crlf.slice(0, cut), crlf.slice(cut)]).events).toEqual(EXPECTED);
    }
  });

  it('keeps at most one leading space of a value and treats a bare field name as empty', () => {
    expect(parse(['data:no-space\n\ndata:  two\n\ndata\n\n']).events).toEqual([
      ['message', 'no-space'],
      ['message', ' two'],
      ['message', ''],
    ]);
  });

  it('does not dispatch events without data, and resets the event name after each dispatch', () => {
    expect(parse(['event: lonely\n\ndata: x\n\n']).events).toEqual([['message', 'x']]);
  });

  it('delivers a last event whose closing blank line never came', () => {
    expect(parse(['data: a\n\ndata: b']).events).toEqual([
      ['message', 'a'],
      ['message', 'b'],
    ]);
  });

  it('keeps non-field lines (a bare JSON error object) as stray text', () => {
    const error = JSON.stringify({ error: { code: 500, message: 'Internal error' } }, null, 2);
    const { events, stray } = parse([`data: {"ok":1}\n\n${error}\n`]);
    expect(events).toEqual([['message', '{"ok":1}']]);
    expect(JSON.parse(stray)).toEqual({ error: { code: 500, message: 'Internal error' } });
  });

  it("keeps the error object's text however the bytes are split into two chunks", () => {
    const error = JSON.stringify(
      { error: { code: 429, message: 'Resource exhausted', status: 'RESOURCE_EXHAUSTED' } },
      null,
      2,
    );
    const bytes = Buffer.from(`data: {"ok":1}\r\n\r\n${error}\n`, 'utf8');
    for (let cut = 0; cut <= bytes.length; cut++) {
      const { events, stray } = parse([bytes.subarray(0, cut), bytes.subarray(cut)]);
      expect(events).toEqual([['message', '{"ok":1}']]);
      expect(stray).toContain('"status": "RESOURCE_EXHAUSTED"');
      expect(stray).toContain('"message": "Resource exhausted"');
    }
  });

  it('still delivers events after a stray line', () => {
    expect(parse(['data: a\n\nnot a field\ndata: b\n\n'])).toEqual({
      events: [
        ['message', 'a'],
        ['message', 'b'],
      ],
      stray: 'not a field\ndata: b\n\n\n\n',
    });
  });
});
