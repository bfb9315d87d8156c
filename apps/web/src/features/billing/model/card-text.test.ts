import { describe, expect, it } from 'vitest';
import { cardExpiry, cardText } from './card-text';

describe('card on file', () => {
  it("names Stripe's brands the way the cards say them", () => {
    expect(cardText({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 })).toBe(
      'Visa ending in 4242',
    );
    expect(cardText({ brand: 'amex', last4: '0005', exp_month: 4, exp_year: 2030 })).toBe(
      'American Express ending in 0005',
    );
  });

  it('shows an unknown brand as Stripe wrote it', () => {
    expect(
      cardText({ brand: 'cartes_bancaires', last4: '1001', exp_month: 1, exp_year: 2031 }),
    ).toBe('cartes_bancaires ending in 1001');
  });

  it('pads the month of the expiry', () => {
    expect(cardExpiry({ brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 })).toBe(
      'Expires 04/2030',
    );
  });
});
