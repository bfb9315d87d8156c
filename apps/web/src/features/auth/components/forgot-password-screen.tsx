import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Button, buttonClasses } from '../../../ui/button';
import { requestPasswordReset } from '../api/password-reset';
import { authErrorMessage } from '../auth-error-message';
import { validateEmail } from '../validation';
import { FormAlert } from './fields/form-alert';
import { TextField } from './fields/text-field';

function emailFromState(state: unknown): string {
  if (state === null || typeof state !== 'object' || !('email' in state)) return '';
  return typeof state.email === 'string' ? state.email : '';
}

export function ForgotPasswordScreen() {
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailError = touched ? validateEmail(email) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (validateEmail(email)) return;
    setPending(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (e) {
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setPending(false);
    }
  };

  const backToSignIn = (
    <Link
      to="/login"
      className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
    >
      <ArrowLeft className="size-3.5" aria-hidden /> Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={backToSignIn}>
        <div className="flex flex-col items-center gap-4 text-center" role="status">
          <div className="grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
            <MailCheck className="size-5" aria-hidden />
          </div>
          <p className="text-sm text-fg-muted">
            If an account exists for <span className="font-medium break-all text-fg">{sentTo}</span>
            , we sent it a link to choose a new password. The link works once and for 30 minutes.
          </p>
          <button
            type="button"
            onClick={() => setSentTo(null)}
            className={buttonClasses('ghost', 'sm')}
          >
            Use a different email
          </button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter your account's email and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setTouched(true)}
          error={emailError}
        />
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
