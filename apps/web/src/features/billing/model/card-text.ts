import type { CardOnFile } from '@parallax/contract';

const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  eftpos_au: 'eftpos',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};

/** "Visa ending in 4242" (Stripe writes brands in lower case; unknown ones are shown as given). */
export function cardText(card: CardOnFile): string {
  const brand = BRANDS[card.brand] ?? (card.brand ? card.brand : 'Card');
  return `${brand} ending in ${card.last4}`;
}

/** "Expires 04/2030". */
export function cardExpiry(card: CardOnFile): string {
  return `Expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;
}
