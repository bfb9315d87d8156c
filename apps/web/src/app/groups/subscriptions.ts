import { CheckoutScreen } from '../../features/billing/components/checkout-screen';
import { PricingScreen } from '../../features/billing/components/pricing-screen';
import { SubscriptionCancelScreen } from '../../features/billing/components/subscription-cancel-screen';
import { SubscriptionManageScreen } from '../../features/billing/components/subscription-manage-screen';
import { SubscriptionSuccessScreen } from '../../features/billing/components/subscription-success-screen';
import type { GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  pricing: PricingScreen,
  'subscription-manage': SubscriptionManageScreen,
  checkout: CheckoutScreen,
  'subscription-success': SubscriptionSuccessScreen,
  'subscription-cancel': SubscriptionCancelScreen,
};
