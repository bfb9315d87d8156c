import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_DEFAULTS, KnobError, resolveKnobs, stripDirectives } from './knobs';
import {
  answerFromResults,
  argumentPieces,
  NO_TOOLS,
  planToolStep,
  readToolSteps,
} from './tool-directive';

const OFFERED = { ...NO_TOOLS, offered: ['web_search', 'read_page'] };

describe('readToolSteps', () => {
  it('reads steps of parallel calls, JSON with spaces and brackets inside strings, and bare calls', () => {
    const prompt =
      'Find [sim tokens=20 call=web_search{"query":"cats and [big] dogs"}|web_search{"query":"dogs"} call=read_page] please';
    expect(readToolSteps(prompt)).toEqual([
      [
        { name: 'web_search', input: { query: 'cats and [big] dogs' } },
        { name: 'web_search', input: { query: 'dogs' } },
      ],
      [{ name: 'read_page', input: {} }],
    ]);
    // The other knobs of the same directive still apply, and the directive leaves the prompt.
    expect(resolveKnobs({}, prompt, DEFAULT_SIM_DEFAULTS).lengthTokens).toBe(20);
    expect(stripDirectives(prompt)).toBe('Find please');
  });

  it.each([
    ['arguments that are not JSON', '[sim call=f{"q":}]'],
    ['arguments that are not an object', '[sim call=f[1,2]]'],
    ['a call without a tool name', '[sim call={"q":1}]'],
  ])('refuses %s', (_what, prompt) => {
    expect(() => readToolSteps(prompt)).toThrow(KnobError);
  });

  it('still refuses an unknown knob', () => {
    expect(() => resolveKnobs({}, '[sim calls=f]', DEFAULT_SIM_DEFAULTS)).toThrow(/unknown knob/);
  });
});

describe('planToolStep', () => {
  const steps = readToolSteps('[sim call=web_search{"query":"a"}|web_search call=read_page]');

  it('calls the step the conversation is on, then answers from the results', () => {
    expect(planToolStep(steps, OFFERED)).toMatchObject({ kind: 'calls', calls: [{}, {}] });
    expect(planToolStep(steps, { ...OFFERED, stepsTaken: 1 })).toEqual({
      kind: 'calls',
      calls: [{ name: 'read_page', input: {} }],
    });
    expect(planToolStep(steps, { ...OFFERED, stepsTaken: 2, results: ['A', 'B', 'C'] })).toEqual({
      kind: 'answer',
      text: answerFromResults(['A', 'B', 'C']),
    });
  });

  it('answers as usual without a directive, when a named tool is not offered, or when calls are forbidden', () => {
    expect(planToolStep([], OFFERED)).toEqual({ kind: 'none' });
    expect(planToolStep(steps, { ...OFFERED, offered: ['read_page'] })).toEqual({ kind: 'none' });
    expect(planToolStep(steps, { ...OFFERED, choiceNone: true })).toEqual({ kind: 'none' });
  });
});

describe('answerFromResults', () => {
  it('quotes the start of each result and cites it by its place', () => {
    const long = 'word '.repeat(40);
    expect(answerFromResults(['First  result.', long])).toBe(
      `From the tool results:\n\n1. "First result." [1]\n2. "${long.trim().slice(0, 80)}…" [2]\n`,
    );
  });
});

describe('argumentPieces', () => {
  it('splits arguments in several pieces that join back to them', () => {
    const json = '{"query":"cats and dogs"}';
    const pieces = argumentPieces(json);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(json);
    expect(argumentPieces('{}')).toEqual(['{', '}']);
  });
});
