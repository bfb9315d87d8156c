import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { validateEmail } from '../../../lib/validate';
import { AuthCard } from '../../../ui/auth-card';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';
import type { VerifyEmailState } from './verify-email-state';

/**
 * /verify-email reached without an email (typed URL, bookmark, a mail opened on another
 * device): says what the page is for and asks for the address, then mails a fresh code to it.
 */
export function VerifyEmailAsk() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validateEmail(email.trim());
    setError(problem);
    if (problem) return;
    const state: VerifyEmailState = { email: email.trim(), sendCode: true };
    void navigate('/verify-email', { replace: true, state });
  };

  return (
    <AuthCard
      title="Verify your email"
      subtitle="New accounts confirm their email address with a 6-digit code. Enter your address and we will send you a code."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="mx-auto grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
          <MailCheck className="size-5" aria-hidden />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            Email
          </label>
          <Input
            id={id}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <FieldError id={`${id}-error`} message={error} />
        </div>
        <Button type="submit" className="w-full">
          Send me a code
        </Button>
        <p className="text-center text-sm text-fg-muted">
          Already verified?{' '}
          <Link
            to="/login"
            className="font-medium text-accent-soft-fg underline-offset-2 hover:underline"
          >
            Sign in
          </Link>
        </p>
      </form>
    </AuthCard>
  );
}
