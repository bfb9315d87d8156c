import { describe, expect, it } from 'vitest';
import { CARD_FORM_FALLBACK, stripeErrorMessage } from './stripe-error-message';

describe('stripeErrorMessage', () => {
  it("shows Stripe's words for a declined card", () => {
    expect(
      stripeErrorMessage({ type: 'card_error', message: 'Your card has insufficient funds.' }),
    ).toBe('Your card has insufficient funds.');
  });

  it("shows Stripe's words for a form the payer left incomplete", () => {
    expect(
      stripeErrorMessage({ type: 'validation_error', message: 'Your card number is incomplete.' }),
    ).toBe('Your card number is incomplete.');
  });

  it('shows the authentication failure of a 3-D Secure check', () => {
    const message =
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    expect(
      stripeErrorMessage({
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message,
      }),
    ).toBe(message);
  });

  it('keeps integration faults away from the payer', () => {
    expect(
      stripeErrorMessage({
        type: 'invalid_request_error',
        message: 'No such payment_intent: pi_1',
      }),
    ).toBe(CARD_FORM_FALLBACK);
    expect(stripeErrorMessage({ type: 'card_error', message: undefined })).toBe(CARD_FORM_FALLBACK);
  });
});
