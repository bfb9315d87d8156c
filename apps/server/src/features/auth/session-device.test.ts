import { describe, expect, it } from 'vitest';
import { describeUserAgent, placeOfAddress } from './session-device';

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('describeUserAgent', () => {
  it('names the browser with its major version and the system', () => {
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({
      device: 'desktop',
      browser: 'Chrome 131',
      os: 'Windows 10',
    });
    expect(describeUserAgent(FIREFOX_LINUX)).toMatchObject({
      device: 'desktop',
      browser: 'Firefox 133',
      os: 'Linux',
    });
  });

  it('tells a phone from a computer', () => {
    expect(describeUserAgent(SAFARI_IPHONE)).toMatchObject({
      device: 'mobile',
      browser: 'Safari 17',
      os: 'iOS 17',
    });
  });

  it('says nothing it does not know', () => {
    expect(describeUserAgent(null)).toEqual({ device: 'unknown', browser: null, os: null });
    expect(describeUserAgent('curl/8.5.0').device).toBe('unknown');
  });
});

describe('placeOfAddress', () => {
  it('names loopback, private and carrier ranges, IPv4 and IPv6', () => {
    expect(placeOfAddress('127.0.0.1')).toBe('This computer');
    expect(placeOfAddress('::1')).toBe('This computer');
    expect(placeOfAddress('::ffff:192.168.1.20')).toBe('Local network');
    expect(placeOfAddress('10.2.3.4')).toBe('Local network');
    expect(placeOfAddress('fd12:3456::1')).toBe('Local network');
    expect(placeOfAddress('100.64.0.9')).toBe("Your provider's shared network");
  });

  it('leaves public and malformed addresses unnamed', () => {
    expect(placeOfAddress('8.8.8.8')).toBeNull();
    expect(placeOfAddress('2001:4860::8888')).toBeNull();
    expect(placeOfAddress('not an ip')).toBeNull();
    expect(placeOfAddress(null)).toBeNull();
  });
});
