import { AppleErrorScreen } from '../../features/auth/components/apple-error-screen';
import { AppleSuccessScreen } from '../../features/auth/components/apple-success-screen';
import { ForgotPasswordScreen } from '../../features/auth/components/forgot-password-screen';
import { GoogleCallbackScreen } from '../../features/auth/components/google-callback-screen';
import { LoginScreen } from '../../features/auth/components/login-screen';
import { ResetPasswordScreen } from '../../features/auth/components/reset-password-screen';
import { SignupScreen } from '../../features/auth/components/signup-screen';
import { VerifyEmailScreen } from '../../features/auth/components/verify-email-screen';
import type { GroupModule } from './group-module';

export const screens: GroupModule['screens'] = {
  login: LoginScreen,
  signup: SignupScreen,
  'verify-email': VerifyEmailScreen,
  'forgot-password': ForgotPasswordScreen,
  'reset-password': ResetPasswordScreen,
  'google-callback': GoogleCallbackScreen,
  'apple-success': AppleSuccessScreen,
  'apple-error': AppleErrorScreen,
};
