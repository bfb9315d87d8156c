import { describe, expect, it } from 'vitest';
import { endsInOpenMath } from './unclosed-math';

describe('endsInOpenMath', () => {
  it('is true while a $$ block waits for its closing fence', () => {
    expect(endsInOpenMath('$$')).toBe(true);
    expect(endsInOpenMath('$$\n\\frac{a}{')).toBe(true);
    expect(endsInOpenMath('> $$\n> x^2')).toBe(true);
    expect(endsInOpenMath('$$\na\n$$\n\ntext\n\n$$\nb +')).toBe(true);
  });

  it('is false once it closed, for inline math and for dollars in code', () => {
    expect(endsInOpenMath('$$\nx^2\n$$')).toBe(false);
    expect(endsInOpenMath('> $$\n> x\n> $$')).toBe(false);
    expect(endsInOpenMath('$$x$$ is inline')).toBe(false);
    expect(endsInOpenMath('```\n$$\n```')).toBe(false);
  });
});
