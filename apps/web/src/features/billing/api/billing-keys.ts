/** Query keys of billing: any plan change invalidates ['plans']. */
export const plansKey = ['plans'] as const;
/** The public list depends on who asks (their current plan). */
export const publicPlansKey = (userId: string | null) => ['plans', 'public', userId] as const;
export const billingConfigKey = ['billing', 'config'] as const;
