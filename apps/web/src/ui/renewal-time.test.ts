import { describe, expect, it } from 'vitest';
import { formatRenewal } from './renewal-time';

const en = (timeZone: string) => ({ locale: 'en-US', timeZone });
/** Intl puts a narrow no-break space before AM/PM (so the time never wraps); compare plain spaces. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null;

describe('formatRenewal', () => {
  const midnightUtc = '2030-05-02T00:00:00.000Z';

  it('says the UTC renewal as the clock shows it where the user is', () => {
    const now = new Date('2030-05-01T12:00:00Z');
    expect(plain(formatRenewal(midnightUtc, now, en('Asia/Tokyo')))).toBe(
      'tomorrow at 9:00 AM (GMT+9)',
    );
    expect(plain(formatRenewal(midnightUtc, now, en('America/New_York')))).toBe(
      'today at 8:00 PM (EDT)',
    );
    expect(plain(formatRenewal(midnightUtc, now, en('UTC')))).toBe('tomorrow at 12:00 AM (UTC)');
  });

  it('keeps the time and its zone on one line', () => {
    const text = formatRenewal(
      midnightUtc,
      new Date('2030-05-01T12:00:00Z'),
      en('America/New_York'),
    );
    expect(text).toBe('today at 8:00\u00a0PM\u00a0(EDT)');
  });

  it('says tomorrow once the local day has moved past it', () => {
    // 10:00 in Tokyo on 2 May, past that day's 09:00 renewal: the next is 09:00 on 3 May.
    expect(
      plain(
        formatRenewal(
          '2030-05-03T00:00:00.000Z',
          new Date('2030-05-02T01:00:00Z'),
          en('Asia/Tokyo'),
        ),
      ),
    ).toBe('tomorrow at 9:00 AM (GMT+9)');
  });

  it('gives nothing for a missing or unreadable time', () => {
    expect(formatRenewal(null)).toBeNull();
    expect(formatRenewal('not a time')).toBeNull();
  });
});
