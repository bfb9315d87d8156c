import {
  AUTH_FALLBACK_MESSAGES,
  AppleSuccessParams,
  SESSION,
  type TokenResponse,
} from '@parallax/contract';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toSessionTokens } from '../api/tokens';
import type { SessionTokens } from '../store/auth-store';
import { authErrorMessage } from '../auth-error-message';
import { completeSignIn } from '../session/session-actions';
import { takeOAuthOrigin } from './oauth/oauth-origin';
import { OAuthResultCard } from './oauth/oauth-result-card';

/**
 * Spec §3: the Apple flow builds its own token response (type Bearer, expiry 3600 s) from the
 * tokens the server's redirect put in the query.
 */
export function appleTokensFrom(search: string) {
  const query = Object.fromEntries(new URLSearchParams(search));
  const params = AppleSuccessParams.parse(query);
  const response: TokenResponse = {
    access_token: params.access_token,
    refresh_token: params.refresh_token,
    token_type: 'Bearer',
    expires_in: SESSION.appleTokenExpirySeconds,
  };
  return toSessionTokens(response);
}

export function AppleSuccessScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [error, setError] = useState<{ text: string; live: boolean } | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    let tokens: SessionTokens;
    try {
      tokens = appleTokensFrom(location.search);
    } catch {
      setError({ text: AUTH_FALLBACK_MESSAGES.apple, live: false });
      return;
    }
    // Tokens must not linger in the address bar or history.
    void navigate(location.pathname, { replace: true });
    void (async () => {
      try {
        await completeSignIn(tokens);
        void navigate(takeOAuthOrigin(), { replace: true });
      } catch (e) {
        setError({ text: authErrorMessage(e, AUTH_FALLBACK_MESSAGES.apple), live: true });
      }
    })();
  }, [location.search, location.pathname, navigate]);

  return <OAuthResultCard provider="Apple" error={error?.text ?? null} live={error?.live} />;
}
