import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { exchangeGoogleCode, googleRedirectUri } from '../api/oauth';
import { authErrorMessage } from '../auth-error-message';
import { continueSignIn } from '../two-factor/continue-sign-in';
import { takeOAuthOrigin } from './oauth/oauth-origin';
import { OAuthResultCard } from './oauth/oauth-result-card';

/** Google sends the browser back here with `code` and `state` (or `error` when declined). */
export function GoogleCallbackScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<{ text: string; live: boolean } | null>(null);
  // The code works once: StrictMode's second effect run must not spend it again.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('error') || !code || !state) {
      setError({
        text:
          params.get('error') === 'access_denied'
            ? 'Google sign-in was cancelled.'
            : AUTH_FALLBACK_MESSAGES.google,
        live: false,
      });
      return;
    }
    void (async () => {
      try {
        const result = await exchangeGoogleCode({
          code,
          state,
          redirect_uri: googleRedirectUri(),
        });
        const origin = takeOAuthOrigin();
        if (await continueSignIn(result, navigate, origin))
          void navigate(origin, { replace: true });
      } catch (e) {
        setError({ text: authErrorMessage(e, AUTH_FALLBACK_MESSAGES.google), live: true });
      }
    })();
  }, [params, navigate]);

  return <OAuthResultCard provider="Google" error={error?.text ?? null} live={error?.live} />;
}
