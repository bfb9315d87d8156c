import { describe, expect, it } from 'vitest';
import { lastActive, sessionPlace, sessionTitle } from './session-label';

describe('session labels', () => {
  it('names browser and system, else the kind of device', () => {
    expect(sessionTitle({ browser: 'Chrome 131', os: 'Windows 10', device: 'desktop' })).toBe(
      'Chrome 131 on Windows 10',
    );
    expect(sessionTitle({ browser: null, os: 'iOS 17', device: 'mobile' })).toBe('iOS 17');
    expect(sessionTitle({ browser: null, os: null, device: 'unknown' })).toBe('Unknown device');
  });

  it('shows the place before the address, and says when neither is known', () => {
    expect(sessionPlace({ place: 'Local network', ip_address: '10.0.0.2' })).toBe(
      'Local network · 10.0.0.2',
    );
    expect(sessionPlace({ place: null, ip_address: '8.8.8.8' })).toBe('8.8.8.8');
    expect(sessionPlace({ place: null, ip_address: null })).toBe('Address not seen yet');
  });

  it('says how long ago, from sign-in when never used since', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(lastActive({ last_active_at: '2026-01-10T11:58:00Z', created_at: '' }, now)).toBe(
      'Active now',
    );
    expect(lastActive({ last_active_at: '2026-01-10T11:30:00Z', created_at: '' }, now)).toMatch(
      /30 minutes ago/,
    );
    expect(lastActive({ last_active_at: null, created_at: '2026-01-07T12:00:00Z' }, now)).toMatch(
      /3 days ago/,
    );
  });
});
