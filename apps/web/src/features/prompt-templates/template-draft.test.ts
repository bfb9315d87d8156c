import { describe, expect, it } from 'vitest';
import { slashQueryOf } from './hooks/use-template-slash-menu';
import { templateDraftOf } from './template-draft';

describe('templateDraftOf', () => {
  it('reads a well-formed draft and ignores anything else', () => {
    expect(templateDraftOf({ templateDraft: { title: 'T', body: 'B {{x}}' } })).toEqual({
      title: 'T',
      body: 'B {{x}}',
    });
    for (const state of [null, 'x', {}, { templateDraft: null }, { templateDraft: { title: 1 } }])
      expect(templateDraftOf(state)).toBeNull();
  });
});

describe('slashQueryOf', () => {
  it('opens only for a leading slash on one line', () => {
    expect(slashQueryOf('/Rew')).toBe('rew');
    expect(slashQueryOf('/')).toBe('');
    expect(slashQueryOf('hi /rew')).toBeNull();
    expect(slashQueryOf('/rew\nmore')).toBeNull();
  });
});
