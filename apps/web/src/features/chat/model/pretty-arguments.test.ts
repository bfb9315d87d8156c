import { describe, expect, it } from 'vitest';
import { prettyArguments } from './pretty-arguments';

describe('prettyArguments', () => {
  it('indents JSON arguments', () => {
    expect(prettyArguments('{"path":"/tmp/a","force":true}')).toBe(
      '{\n  "path": "/tmp/a",\n  "force": true\n}',
    );
  });

  it('keeps text that is not JSON exactly as written', () => {
    expect(prettyArguments('{"path": "/tmp/a"')).toBe('{"path": "/tmp/a"');
  });

  it('shows empty arguments as an empty object', () => {
    expect(prettyArguments('  ')).toBe('{}');
  });

  it('keeps markup as text (the screen escapes it)', () => {
    expect(prettyArguments('{"q":"<img src=x onerror=alert(1)>"}')).toContain(
      '<img src=x onerror=alert(1)>',
    );
  });
});
