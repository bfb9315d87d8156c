// What other features may use of billing (screens are lazy-loaded by the app, not exported here).
export { formatPrice, perInterval, dailyMessagesText } from './model/format-price';
export { plansKey } from './api/billing-keys';
export { useCurrentPlan } from './api/use-current-plan';
