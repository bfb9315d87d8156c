/** What other features may use of limits: its service, provided as app.limits. */
export {
  usageDay,
  LIMIT_EXCEEDED_DETAIL,
  type LimitsService,
  type LimitState,
} from './limits.service';
