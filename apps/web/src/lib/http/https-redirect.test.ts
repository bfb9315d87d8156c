import { describe, expect, it } from 'vitest';
import { secureRedirectUrl } from './https-redirect';

describe('secureRedirectUrl', () => {
  it('upgrades http to https and keeps https', () => {
    expect(secureRedirectUrl('http://api.example.com/v1/x?y=1', undefined)).toBe(
      'https://api.example.com/v1/x?y=1',
    );
    expect(secureRedirectUrl('https://api.example.com/a', undefined)).toBe(
      'https://api.example.com/a',
    );
  });

  it('resolves relative locations against the request URL, then upgrades', () => {
    expect(secureRedirectUrl('/v2/y', 'http://api.example.com/v1/x')).toBe(
      'https://api.example.com/v2/y',
    );
  });

  it('refuses other schemes', () => {
    expect(secureRedirectUrl('javascript:alert(1)', undefined)).toBeNull();
    expect(secureRedirectUrl('ftp://e.com/', undefined)).toBeNull();
  });

  it('follows http as given when the HTTPS flag is off, and still refuses other schemes', () => {
    expect(secureRedirectUrl('http://api.example.com/v1/x', undefined, false)).toBe(
      'http://api.example.com/v1/x',
    );
    expect(secureRedirectUrl('https://api.example.com/a', undefined, false)).toBe(
      'https://api.example.com/a',
    );
    expect(secureRedirectUrl('javascript:alert(1)', undefined, false)).toBeNull();
  });
});
