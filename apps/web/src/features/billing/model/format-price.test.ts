import { describe, expect, it } from 'vitest';
import { dailyMessagesText, formatPrice } from './format-price';

describe('formatPrice', () => {
  it('reads minor units in the currency’s own decimals', () => {
    expect(formatPrice(1500, 'usd', 'en-US')).toBe('$15');
    expect(formatPrice(1550, 'usd', 'en-US')).toBe('$15.50');
    expect(formatPrice(0, 'usd', 'en-US')).toBe('$0');
    // The yen has no minor unit.
    expect(formatPrice(1200, 'jpy', 'en-US')).toBe('¥1,200');
  });

  it('falls back to the code for a currency the browser does not know', () => {
    expect(formatPrice(990, 'xx1', 'en-US')).toBe('9.90 XX1');
  });

  it('words the daily allowance', () => {
    expect(dailyMessagesText(null)).toBe('Unlimited messages');
    expect(dailyMessagesText(1)).toBe('1 message a day');
    expect(dailyMessagesText(2000)).toBe(`${(2000).toLocaleString()} messages a day`);
  });
});
