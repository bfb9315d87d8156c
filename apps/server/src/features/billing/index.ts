/** What other features may use of billing: the plans service (app.plans) and its rules. */
export type { PlansService } from './plans.service';
export { allowsModel, type PlanRules } from './plan-view';
export { billingConfigOf } from './billing-config.routes';
