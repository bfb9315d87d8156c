import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  initialTemplateValues,
  missingTemplateValues,
  parseTemplateBody,
} from './template-variables';

describe('template variables', () => {
  it('reads short, long and choice variables with defaults', () => {
    const { variables, problems, conflicts } = parseTemplateBody(
      'Hi {{name}}, {{notes:long}} in a {{tone:choice=formal|casual;default=casual}} way; {{lang;default=English}}',
    );
    expect(problems).toEqual([]);
    expect(conflicts).toEqual([]);
    expect(variables).toEqual([
      { name: 'name', type: 'text', options: [], default: null },
      { name: 'notes', type: 'long', options: [], default: null },
      { name: 'tone', type: 'choice', options: ['formal', 'casual'], default: 'casual' },
      { name: 'lang', type: 'text', options: [], default: 'English' },
    ]);
  });

  it('gives a choice without a default its first option', () => {
    const [tone] = parseTemplateBody('{{tone:choice=a|b}}').variables;
    expect(tone?.default).toBe('a');
  });

  it('marks malformed and unterminated variables without losing the good ones', () => {
    const body =
      'A {{}} B {{bad name}} C {{x:weird}} D {{ok}} E {{t:choice=a|b;default=z}} F {{open';
    const { variables, problems } = parseTemplateBody(body);
    expect(variables.map((v) => v.name)).toEqual(['ok']);
    expect(problems.map((p) => body.slice(p.start, p.start + p.length))).toEqual([
      '{{}}',
      '{{bad name}}',
      '{{x:weird}}',
      '{{t:choice=a|b;default=z}}',
      '{{open',
    ]);
    expect(problems.at(-1)?.message).toMatch(/Unterminated/);
  });

  it('lets a bare mention reuse a typed variable, refuses two different types', () => {
    expect(parseTemplateBody('{{tone:choice=a|b}} and again {{tone}}').conflicts).toEqual([]);
    const { conflicts } = parseTemplateBody('{{x:long}} {{x:choice=a|b}}');
    expect(conflicts[0]?.message).toContain('"x" is used as long text and as choice of a|b');
  });

  it('fills values in, falls back to defaults, leaves malformed text alone', () => {
    const body = 'Dear {{name}}, {{tone:choice=formal|casual}} {{sign;default=Bye}} {{bad name}}';
    const { variables } = parseTemplateBody(body);
    const values = { ...initialTemplateValues(variables), name: 'Ada' };
    expect(missingTemplateValues(variables, { ...values, name: '  ' })).toEqual(['name']);
    expect(fillTemplate(body, { ...values, sign: '' })).toBe('Dear Ada, formal Bye {{bad name}}');
  });
});
