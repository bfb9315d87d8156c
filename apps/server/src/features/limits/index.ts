/** What other features may use of limits. */
export { LimitsRepository } from './limits.repository';
export { LimitsService, usageDay, LIMIT_EXCEEDED_DETAIL, type LimitState } from './limits.service';
