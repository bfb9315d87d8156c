import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useSearchParams } from 'react-router';
import { OAuthResultCard } from './oauth/oauth-result-card';

/** The `reason` codes the server's Apple callback redirects with. */
const REASONS: Record<string, string> = {
  cancelled: 'Apple sign-in was cancelled.',
  invalid_state: 'This sign-in attempt expired or was already used. Please start again.',
  email_not_verified:
    'Your Apple ID has no verified email address, so we cannot sign you in with it.',
  not_configured: 'Apple sign-in is not available right now.',
};

export function appleErrorMessage(reason: string | null): string {
  return (reason && REASONS[reason]) || AUTH_FALLBACK_MESSAGES.apple;
}

export function AppleErrorScreen() {
  const [params] = useSearchParams();
  return <OAuthResultCard provider="Apple" error={appleErrorMessage(params.get('reason'))} />;
}
