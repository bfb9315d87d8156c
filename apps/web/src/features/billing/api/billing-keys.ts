/** Query keys of billing: any plan change invalidates ['plans']. */
export const plansKey = ['plans'] as const;
/** The public list depends on who asks (their current plan). */
export const publicPlansKey = (userId: string | null) => ['plans', 'public', userId] as const;
export const billingConfigKey = ['billing', 'config'] as const;
/** The caller's plan and subscription; invalidated by every change to it. */
export const currentSubscriptionKey = ['billing', 'subscription'] as const;
export const invoicesKey = ['billing', 'invoices'] as const;
/** The card form's inputs for one plan, or for one unpaid subscription. */
export const checkoutKey = (target: CheckoutTarget) => ['billing', 'checkout', target] as const;

export type CheckoutTarget = { planId: string } | { subscriptionId: string };
