import { describe, expect, it } from 'vitest';
import { DEFAULT_SIM_DEFAULTS, KnobError, resolveKnobs, stripDirectives } from './knobs';

describe('resolveKnobs', () => {
  it('starts from the defaults', () => {
    expect(resolveKnobs({}, 'hello', DEFAULT_SIM_DEFAULTS)).toEqual({
      ...DEFAULT_SIM_DEFAULTS,
      fault: undefined,
      faultAfterTokens: undefined,
    });
  });

  it('reads x-sim-* headers', () => {
    const knobs = resolveKnobs(
      {
        'x-sim-ttft': '200',
        'x-sim-tps': '50',
        'x-sim-tokens': '300',
        'x-sim-fault': 'stall',
        'x-sim-fault-after': '12',
      },
      'hello',
      DEFAULT_SIM_DEFAULTS,
    );
    expect(knobs).toEqual({
      ttftMs: 200,
      tokensPerSecond: 50,
      lengthTokens: 300,
      fault: 'stall',
      faultAfterTokens: 12,
    });
  });

  it('lets a prompt directive override the headers', () => {
    const knobs = resolveKnobs(
      { 'x-sim-tps': '50', 'x-sim-fault': '500' },
      'Explain [sim tps=20 fault=context_length fault_after=3] please',
      DEFAULT_SIM_DEFAULTS,
    );
    expect(knobs).toMatchObject({
      tokensPerSecond: 20,
      fault: 'context_length',
      faultAfterTokens: 3,
    });
  });

  it('refuses unknown knobs, unknown faults and bad numbers', () => {
    expect(() => resolveKnobs({}, '[sim speed=3]', DEFAULT_SIM_DEFAULTS)).toThrow(KnobError);
    expect(() => resolveKnobs({ 'x-sim-fault': '418' }, '', DEFAULT_SIM_DEFAULTS)).toThrow(
      /unknown fault '418'/,
    );
    expect(() => resolveKnobs({ 'x-sim-tps': '0' }, '', DEFAULT_SIM_DEFAULTS)).toThrow(/x-sim-tps/);
    expect(() => resolveKnobs({ 'x-sim-ttft': 'soon' }, '', DEFAULT_SIM_DEFAULTS)).toThrow(
      /x-sim-ttft/,
    );
  });
});

describe('stripDirectives', () => {
  it('removes directives so they do not change the answer', () => {
    expect(stripDirectives('Explain [sim tokens=5] caching [SIM fault=drop]')).toBe(
      'Explain caching',
    );
  });
});
