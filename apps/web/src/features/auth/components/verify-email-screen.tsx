import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { BreakableEmail } from '../../../ui/breakable-email';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { resendVerificationCode } from '../api/resend-verification-code';
import { verifyCode } from '../api/verify-code';
import { authErrorMessage } from '../auth-error-message';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { useAuth } from '../hooks/use-auth';
import { continueSignIn } from '../two-factor/continue-sign-in';
import { CODE_LENGTH, CodeInput } from './code-input';
import { FormAlert } from './fields/form-alert';
import { returnPathFrom } from './return-path';
import { VerifyEmailAsk } from './verify-email-ask';
import { readVerifyEmailState } from './verify-email-state';

/** The server mails at most one code a minute per address. */
export const RESEND_COOLDOWN_SECONDS = 60;

export function VerifyEmailScreen() {
  const location = useLocation();
  const verify = readVerifyEmailState(location.state);
  if (!verify) return <VerifyEmailAsk />;
  return <VerifyEmailForm email={verify.email} sendCode={verify.sendCode === true} />;
}

function VerifyEmailForm({ email, sendCode }: { email: string; sendCode: boolean }) {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPathFrom(location.state);
  const errorId = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  // Coming from sign-up a code was just mailed; coming from sign-in one is mailed below.
  const { remaining, restart } = useCountdown(RESEND_COOLDOWN_SECONDS);
  const sentOnArrival = useRef(false);

  useEffect(() => {
    if (isAuthenticated) void navigate(target, { replace: true });
  }, [isAuthenticated, navigate, target]);

  const resend = async (quiet = false) => {
    setResending(true);
    setError(null);
    try {
      await resendVerificationCode(email);
      restart();
      if (!quiet) setNotice(`We sent a new code to ${email}.`);
    } catch (e) {
      if (!quiet) setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setResending(false);
    }
  };

  useEffect(() => {
    // Once per visit, even under StrictMode's double effects.
    if (!sendCode || sentOnArrival.current) return;
    sentOnArrival.current = true;
    void resend(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once on arrival
  }, []);

  const submit = async (value: string) => {
    if (value.length !== CODE_LENGTH || pending) return;
    setPending(true);
    setError(null);
    setNotice(null);
    try {
      if (await continueSignIn(await verifyCode({ email, code: value }), navigate, target))
        toast.success('Email verified', 'Welcome to Parallax.');
    } catch (e) {
      setPending(false);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) setError(`Enter all ${CODE_LENGTH} digits of the code.`);
    else void submit(code);
  };

  return (
    <AuthCard
      title="Check your email"
      subtitle={
        <>
          Enter the {CODE_LENGTH}-digit code we sent to{' '}
          <BreakableEmail email={email} className="font-medium [overflow-wrap:anywhere] text-fg" />.
          It expires in 10 minutes.
        </>
      }
      footer={
        <>
          Wrong address?{' '}
          <Link to="/signup" className="font-medium text-accent hover:underline">
            Sign up again
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <CodeInput
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
        {error && (
          <div id={errorId}>
            <FormAlert>{error}</FormAlert>
          </div>
        )}
        {notice && !error && <FormAlert tone="success">{notice}</FormAlert>}
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Verify email
        </Button>
        <p className="text-center text-sm text-fg-muted">
          Didn&apos;t get it? Check your spam folder, or{' '}
          {remaining > 0 ? (
            <span className="tabular-nums">request a new code in {formatCountdown(remaining)}</span>
          ) : (
            <button
              type="button"
              onClick={() => void resend()}
              disabled={resending}
              className="font-medium text-accent hover:underline disabled:opacity-60"
            >
              {resending ? 'sending…' : 'send a new code'}
            </button>
          )}
          .
        </p>
      </form>
    </AuthCard>
  );
}
