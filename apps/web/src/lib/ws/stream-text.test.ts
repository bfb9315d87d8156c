import { describe, expect, it } from 'vitest';
import { applyPieces } from './stream-text';

const pieces = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ sequence: from + i, text: `t${from + i} ` }));

describe('applyPieces', () => {
  it('applies tokens in order', () => {
    expect(applyPieces({ text: '', sequence: 0 }, pieces(1, 3))).toEqual({
      text: 't1 t2 t3 ',
      sequence: 3,
      gap: false,
    });
  });

  it('skips what a replay repeats: a resume from 0 over shown text never doubles it', () => {
    const shown = applyPieces({ text: '', sequence: 0 }, pieces(1, 3));
    expect(applyPieces(shown, pieces(1, 6))).toEqual({
      text: 't1 t2 t3 t4 t5 t6 ',
      sequence: 6,
      gap: false,
    });
  });

  it('stops at a hole and says so, applying nothing past it', () => {
    expect(applyPieces({ text: 't1 ', sequence: 1 }, [...pieces(2, 2), ...pieces(5, 6)])).toEqual({
      text: 't1 t2 ',
      sequence: 2,
      gap: true,
    });
  });

  it('applies a live token that overtook a replay once the replay brings what comes before it', () => {
    const arrived = [...pieces(3, 3), ...pieces(1, 3), ...pieces(4, 4)];
    expect(applyPieces({ text: '', sequence: 0 }, arrived)).toEqual({
      text: 't1 t2 t3 t4 ',
      sequence: 4,
      gap: false,
    });
  });
});
