// What other features may use of billing (screens are lazy-loaded by the app, not exported here).
export { formatPrice, perInterval, dailyMessagesText } from './model/format-price';
export { formatDay } from './model/format-day';
export { cardExpiry, cardText } from './model/card-text';
export {
  invoiceStatusLabel,
  invoiceStatusTone,
  statusLabel,
  statusTone,
} from './model/subscription-status';
export { plansKey } from './api/billing-keys';
export { useCurrentPlan } from './api/use-current-plan';
