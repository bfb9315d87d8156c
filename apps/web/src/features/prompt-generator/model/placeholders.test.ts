import { describe, expect, it } from 'vitest';
import { detectVariables, renameVariables, variableName } from './placeholders';

describe('detectVariables', () => {
  it('turns the usual placeholder forms into {{name}} variables, once each', () => {
    const { body, names } = detectVariables(
      'Write about [topic] for <Target audience> in a {tone} voice. Keep {{topic}} central.',
    );
    expect(body).toBe(
      'Write about {{topic}} for {{target_audience}} in a {{tone}} voice. Keep {{topic}} central.',
    );
    expect(names).toEqual(['topic', 'target_audience', 'tone']);
  });

  it('leaves links, checkboxes, references and HTML tags alone', () => {
    const text =
      'See [the guide](https://x.test), [ ] todo, [x] done, [1] and <br> or <strong>; ' +
      '\\sum_{i=1}^{n} i = \\frac{n}{2} and f{ab}.';
    expect(detectVariables(text)).toEqual({ body: text, names: [] });
  });
});

describe('renameVariables', () => {
  it('renames confirmed variables and returns dropped ones to plain text', () => {
    expect(
      renameVariables('{{topic}} for {{target_audience}}', {
        topic: 'subject',
        target_audience: '',
      }),
    ).toBe('{{subject}} for target audience');
  });

  it('names only what starts with a letter', () => {
    expect(variableName(' 2nd ')).toBeNull();
    expect(variableName('Reading level!')).toBe('reading_level');
  });
});
