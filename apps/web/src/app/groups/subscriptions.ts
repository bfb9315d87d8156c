import { CheckoutScreen } from '../../features/billing/components/checkout/checkout-screen';
import { PricingScreen } from '../../features/billing/components/pricing-screen';
import { SubscriptionCancelScreen } from '../../features/billing/components/subscription-cancel-screen';
import { SubscriptionManageScreen } from '../../features/billing/components/manage/subscription-manage-screen';
import { SubscriptionSuccessScreen } from '../../features/billing/components/subscription-success-screen';
import { ready, type GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  pricing: ready(PricingScreen),
  'subscription-manage': ready(SubscriptionManageScreen),
  checkout: ready(CheckoutScreen),
  'subscription-success': ready(SubscriptionSuccessScreen),
  'subscription-cancel': ready(SubscriptionCancelScreen),
};
