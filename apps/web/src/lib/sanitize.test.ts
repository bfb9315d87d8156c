import { describe, expect, it } from 'vitest';
import { sanitizeHtml, validateEmail, validateRequired, validateUrl } from './sanitize';

describe('sanitizeHtml', () => {
  it('strips scripts and event handlers', () => {
    const out = sanitizeHtml(
      '<p>hi</p><script>alert(1)</script><img src="x.png" onerror="alert(2)">',
    );
    expect(out).toContain('<p>hi</p>');
    expect(out).not.toContain('script');
    expect(out).not.toContain('onerror');
    expect(out).not.toContain('alert');
  });

  it('removes javascript: links but keeps the text', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">click</a>');
    expect(out).not.toContain('javascript');
    expect(out).toContain('click');
  });

  it('opens links in a new tab with a safe rel', () => {
    const container = document.createElement('div');
    container.innerHTML = sanitizeHtml(
      '<a href="https://example.com" target="_self" rel="opener">x</a>',
    );
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://example.com');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops iframes, styles and forms', () => {
    const out = sanitizeHtml(
      '<iframe src="https://e.com"></iframe><style>*{}</style><form><input></form><b style="x">b</b>',
    );
    expect(out).toBe('<b>b</b>');
  });
});

describe('validators', () => {
  it('requires input', () => {
    expect(validateRequired('  ')).toBe('Input is required');
    expect(validateRequired('x')).toBeNull();
  });

  it('checks email per spec §5', () => {
    expect(validateEmail('')).toBe('Input is required');
    expect(validateEmail('a@b.co')).toBeNull();
    for (const bad of ['ab.co', 'a@b', 'a@@b.co', 'a b@c.io', 'a@b.co@d.io', '@b.co', 'a@.co']) {
      expect(validateEmail(bad), bad).toBe('Invalid email format');
    }
  });

  it('checks urls', () => {
    expect(validateUrl('')).toBe('Input is required');
    expect(validateUrl('https://example.com/x')).toBeNull();
    expect(validateUrl('not a url')).toBe('Invalid URL format');
    expect(validateUrl('javascript:alert(1)')).toBe('Invalid URL format');
  });
});
