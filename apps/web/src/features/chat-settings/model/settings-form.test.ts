import { EMPTY_CHAT_SETTINGS } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { parameterNotes } from './parameter-notes';
import { fromForm, toForm } from './settings-form';

describe('the settings form', () => {
  it('round-trips settings and leaves empty fields to the model', () => {
    const settings = {
      ...EMPTY_CHAT_SETTINGS,
      temperature: 0.7,
      max_output_tokens: 500,
      reasoning_effort: 'high' as const,
      stop: ['END', '###'],
      system_prompt: 'Be brief.',
    };
    expect(fromForm(toForm(settings))).toEqual({ settings, errors: null });
    expect(fromForm(toForm(EMPTY_CHAT_SETTINGS)).settings).toEqual(EMPTY_CHAT_SETTINGS);
  });

  it('names each field out of range', () => {
    const form = {
      ...toForm(EMPTY_CHAT_SETTINGS),
      temperature: '2.5',
      top_p: 'lots',
      max_output_tokens: '1.5',
      stop: 'a\nb\nc\nd\ne',
    };
    expect(fromForm(form).errors).toEqual({
      temperature: 'Between 0 and 2.',
      top_p: 'Enter a number.',
      max_output_tokens: 'Enter a whole number.',
      stop: 'At most 4 stop sequences.',
    });
  });
});

describe('parameterNotes', () => {
  const model = { friendly_name: 'GPT-4o mini', supported_parameters: ['temperature' as const] };
  it('says which set parameters the model does not take', () => {
    expect(
      parameterNotes({ ...EMPTY_CHAT_SETTINGS, temperature: 1, reasoning_effort: 'low' }, model),
    ).toEqual(['Reasoning effort not supported by GPT-4o mini; not sent']);
    expect(parameterNotes(EMPTY_CHAT_SETTINGS, model)).toEqual([]);
    expect(parameterNotes({ ...EMPTY_CHAT_SETTINGS, stop: ['x'] }, { friendly_name: 'X' })).toEqual(
      [],
    );
  });
});
