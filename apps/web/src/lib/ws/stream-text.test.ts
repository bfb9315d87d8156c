import { describe, expect, it } from 'vitest';
import type { ToolCallView } from '@parallax/contract';
import { applyPieces, mergeCitations, mergeToolCalls } from './stream-text';

const pieces = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ sequence: from + i, text: `t${from + i} ` }));

describe('applyPieces', () => {
  it('applies tokens in order', () => {
    expect(applyPieces({ text: '', sequence: 0 }, pieces(1, 3))).toEqual({
      text: 't1 t2 t3 ',
      sequence: 3,
      gap: false,
      tools: [],
    });
  });

  it('skips what a replay repeats: a resume from 0 over shown text never doubles it', () => {
    const shown = applyPieces({ text: '', sequence: 0 }, pieces(1, 3));
    expect(applyPieces(shown, pieces(1, 6))).toEqual({
      text: 't1 t2 t3 t4 t5 t6 ',
      sequence: 6,
      gap: false,
      tools: [],
    });
  });

  it('stops at a hole and says so, applying nothing past it', () => {
    expect(applyPieces({ text: 't1 ', sequence: 1 }, [...pieces(2, 2), ...pieces(5, 6)])).toEqual({
      text: 't1 t2 ',
      sequence: 2,
      gap: true,
      tools: [],
    });
  });

  it('applies a live token that overtook a replay once the replay brings what comes before it', () => {
    const arrived = [...pieces(3, 3), ...pieces(1, 3), ...pieces(4, 4)];
    expect(applyPieces({ text: '', sequence: 0 }, arrived)).toEqual({
      text: 't1 t2 t3 t4 ',
      sequence: 4,
      gap: false,
      tools: [],
    });
  });

  it('applies tool states in the token order, once, and a hole stops them too', () => {
    const running = call('c1', 'running');
    const done = call('c1', 'completed');
    const arrived = [
      { sequence: 1, text: 'a' },
      { sequence: 2, text: '', tool: { call: running } },
      { sequence: 4, text: 'b' },
    ];
    const first = applyPieces({ text: '', sequence: 0 }, arrived);
    expect(first).toEqual({ text: 'a', sequence: 2, gap: true, tools: [{ call: running }] });
    const replay = [...arrived, { sequence: 3, text: '', tool: { call: done } }];
    expect(applyPieces(first, replay)).toEqual({
      text: 'ab',
      sequence: 4,
      gap: false,
      tools: [{ call: done }],
    });
  });
});

function call(id: string, status: ToolCallView['status']): ToolCallView {
  return {
    id,
    step: 0,
    name: 'web_search',
    arguments: '{"query":"q"}',
    status,
    started_at: '2026-11-29T10:00:00.000Z',
  };
}

describe('mergeToolCalls and mergeCitations', () => {
  it('keeps a call in its place with its latest state, and adds new calls after', () => {
    const merged = mergeToolCalls(
      [call('a', 'running'), call('b', 'running')],
      [{ call: call('a', 'completed') }, { call: call('c', 'running') }],
    );
    expect(merged.map((c) => `${c.id}:${c.status}`)).toEqual([
      'a:completed',
      'b:running',
      'c:running',
    ]);
  });

  it('orders citations by number, a repeated number replaced', () => {
    const cite = (index: number, title: string) => ({
      index,
      title,
      url: `https://example.com/${index}`,
      site: 'example.com',
    });
    expect(
      mergeCitations([cite(2, 'b')], [cite(1, 'a'), cite(2, 'b2')]).map((c) => c.title),
    ).toEqual(['a', 'b2']);
  });
});
