import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { usePublicConfig } from '../../../app-config';
import { getAppleLoginUrl, getGoogleLoginUrl, googleRedirectUri } from '../../api/oauth';
import { authErrorMessage } from '../../auth-error-message';
import { FormAlert } from '../fields/form-alert';
import { rememberOAuthOrigin } from './oauth-origin';
import { AppleIcon, GoogleIcon } from './provider-icons';

type Provider = 'google' | 'apple';

/**
 * "Continue with Google / Apple", only for providers the server offers (configured, and their
 * flag on); renders nothing (no divider either) when there are none or while that is unknown.
 */
export function SocialSignIn({ returnTo }: { returnTo: string }) {
  const providers = usePublicConfig().config.sign_in_providers;
  const [pending, setPending] = useState<Provider | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!providers.google && !providers.apple) return null;

  const start = async (provider: Provider) => {
    setPending(provider);
    setError(null);
    try {
      const url =
        provider === 'google'
          ? await getGoogleLoginUrl(googleRedirectUri())
          : await getAppleLoginUrl();
      rememberOAuthOrigin(returnTo);
      window.location.assign(url);
    } catch (e) {
      setPending(null);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES[provider]));
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-2.5">
        {providers.google && (
          <Button
            variant="outline"
            size="lg"
            className="w-full text-sm"
            loading={pending === 'google'}
            disabled={pending !== null}
            onClick={() => void start('google')}
          >
            {pending !== 'google' && <GoogleIcon className="size-[18px]" />}
            Continue with Google
          </Button>
        )}
        {providers.apple && (
          <Button
            variant="outline"
            size="lg"
            className="w-full text-sm"
            loading={pending === 'apple'}
            disabled={pending !== null}
            onClick={() => void start('apple')}
          >
            {pending !== 'apple' && <AppleIcon className="size-[18px]" />}
            Continue with Apple
          </Button>
        )}
      </div>
      {error && <FormAlert>{error}</FormAlert>}
      <div className="flex items-center gap-3 text-xs text-fg-subtle" aria-hidden>
        <span className="h-px flex-1 bg-line" />
        or with email
        <span className="h-px flex-1 bg-line" />
      </div>
    </div>
  );
}
