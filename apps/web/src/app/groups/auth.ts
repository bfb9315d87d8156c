import { AppleErrorScreen } from '../../features/auth/components/apple-error-screen';
import { AppleSuccessScreen } from '../../features/auth/components/apple-success-screen';
import { ForgotPasswordScreen } from '../../features/auth/components/forgot-password-screen';
import { GoogleCallbackScreen } from '../../features/auth/components/google-callback-screen';
import { LoginScreen } from '../../features/auth/components/login-screen';
import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen';
import { SignupScreen } from '../../features/auth/components/signup-screen';
import { VerifyEmailScreen } from '../../features/auth/components/verify-email-screen';
import { TwoFactorStepScreen } from '../../features/auth/two-factor/components/two-factor-step-screen';
import { ready, type GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  login: ready(LoginScreen),
  signup: ready(SignupScreen),
  'verify-email': ready(VerifyEmailScreen),
  'forgot-password': ready(ForgotPasswordScreen),
  'reset-password': ready(ResetPasswordScreen),
  'google-callback': ready(GoogleCallbackScreen),
  'apple-success': ready(AppleSuccessScreen),
  'apple-error': ready(AppleErrorScreen),
  'two-factor': ready(TwoFactorStepScreen),
};
