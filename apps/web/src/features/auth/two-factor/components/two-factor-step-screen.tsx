import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { KeyRound, Smartphone } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { usePublicConfig } from '../../../app-config';
import { isApiError } from '../../../../lib/errors/api-error';
import { AuthCard } from '../../../../ui/auth-card';
import { Button } from '../../../../ui/button';
import { authErrorMessage } from '../../auth-error-message';
import { CODE_LENGTH, CodeInput } from '../../components/code-input';
import { FormAlert } from '../../components/fields/form-alert';
import { TextField } from '../../components/fields/text-field';
import { takeOAuthOrigin } from '../../components/oauth/oauth-origin';
import { completeSignIn } from '../../session/session-actions';
import { verifyTwoFactor } from '../api/verify-two-factor';
import { readTwoFactorStep } from '../continue-sign-in';

type Method = 'app' | 'recovery';

/** The second sign-in step: a code from the authenticator app, or a recovery code. */
export function TwoFactorStepScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const publicConfig = usePublicConfig();
  const [step] = useState(() => readTwoFactorStep(location.state, location.search));
  const errorId = useId();
  const [method, setMethod] = useState<Method>('app');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ text: string; expired: boolean } | null>(null);

  // The challenge must not stay in the address bar or history (Apple's redirect brings it there).
  useEffect(() => {
    if (step && location.search) void navigate(location.pathname, { replace: true, state: step });
  }, [step, location.search, location.pathname, navigate]);

  // With the flag off the step does not exist (the server hands out no challenge either). Until
  // the config has loaded the spec's default (off) is no answer yet.
  if (publicConfig.status !== 'loading' && !publicConfig.config.flags.two_factor)
    return <Navigate to="/login" replace />;
  if (!step) {
    return (
      <AuthCard
        title="Sign in again"
        subtitle="This two-factor step has expired or was opened without signing in first."
      >
        <Link
          to="/login"
          className="inline-flex h-12 w-full items-center justify-center rounded-xl bg-accent px-5 font-medium text-accent-fg hover:bg-accent-hover"
        >
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  const submit = async (value: string) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      await completeSignIn(await verifyTwoFactor({ challenge: step.challenge, code: value }));
      void navigate(step.returnTo ?? takeOAuthOrigin(), { replace: true });
    } catch (e) {
      setPending(false);
      setCode('');
      setError({
        text: authErrorMessage(e, AUTH_FALLBACK_MESSAGES.login),
        expired: isApiError(e) && e.kind === 'http' && e.status === 401,
      });
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (method === 'app') {
      if (code.length !== CODE_LENGTH)
        setError({ text: `Enter all ${CODE_LENGTH} digits of the code.`, expired: false });
      else void submit(code);
    } else if (recoveryCode.trim().length < 10) {
      setError({ text: 'Enter one of your recovery codes, like abcde-23456.', expired: false });
    } else void submit(recoveryCode.trim());
  };

  const switchMethod = () => {
    setMethod((m) => (m === 'app' ? 'recovery' : 'app'));
    setError(null);
  };

  return (
    <AuthCard
      title="Two-factor sign-in"
      subtitle={
        method === 'app'
          ? 'Enter the 6-digit code your authenticator app shows for Parallax.'
          : 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each works once.'
      }
      footer={
        <>
          Not you?{' '}
          <Link to="/login" className="font-medium text-accent hover:underline">
            Back to sign in
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {method === 'app' ? (
          <CodeInput
            label="Authentication code"
            value={code}
            onChange={(next) => {
              setCode(next);
              if (error) setError(null);
            }}
            onComplete={(value) => void submit(value)}
            disabled={pending}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            autoFocus
          />
        ) : (
          <TextField
            label="Recovery code"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="abcde-23456"
            value={recoveryCode}
            onChange={(e) => {
              setRecoveryCode(e.target.value);
              if (error) setError(null);
            }}
            error={null}
            aria-describedby={error ? errorId : undefined}
            autoFocus
            className="font-mono"
          />
        )}
        {error && (
          <div id={errorId}>
            <FormAlert>
              {error.text}
              {error.expired && (
                <>
                  {' '}
                  <Link to="/login" className="font-medium underline">
                    Sign in again
                  </Link>
                </>
              )}
            </FormAlert>
          </div>
        )}
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Verify and sign in
        </Button>
        <button
          type="button"
          onClick={switchMethod}
          className="mx-auto flex items-center gap-2 rounded-lg px-2 py-1 text-sm font-medium text-fg-muted hover:text-fg"
        >
          {method === 'app' ? (
            <>
              <KeyRound className="size-4" aria-hidden /> Use a recovery code
            </>
          ) : (
            <>
              <Smartphone className="size-4" aria-hidden /> Use the authenticator app
            </>
          )}
        </button>
      </form>
    </AuthCard>
  );
}
