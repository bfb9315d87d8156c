import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { LinkIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Button, buttonClasses } from '../../../ui/button';
import { ScreenPlaceholder } from '../../../ui/full-screen-loader';
import { toast } from '../../../ui/toast/toast-store';
import { confirmPasswordReset, validateResetToken } from '../api/password-reset';
import { authErrorMessage } from '../auth-error-message';
import { validateNewPassword, validatePasswordMatch } from '../validation';
import { FormAlert } from './fields/form-alert';
import { PasswordField } from './fields/password-field';
import { PasswordStrengthMeter } from './fields/password-strength-meter';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const check = useQuery({
    queryKey: ['auth', 'reset-token', token],
    queryFn: () => validateResetToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (token === '' || check.data === false) return <InvalidLink />;
  if (check.isPending) return <ScreenPlaceholder text="Checking your link..." />;
  if (check.isError)
    return (
      <AuthCard title="Choose a new password">
        <FormAlert>{authErrorMessage(check.error, AUTH_FALLBACK_MESSAGES.unexpected)}</FormAlert>
        <Button variant="outline" className="mt-4 w-full" onClick={() => void check.refetch()}>
          Try again
        </Button>
      </AuthCard>
    );
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const passwordError = touched.password ? validateNewPassword(password) : null;
  const confirmationError = touched.confirmation
    ? validatePasswordMatch(password, confirmation)
    : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, confirmation: true });
    if (validateNewPassword(password) || validatePasswordMatch(password, confirmation)) return;
    setPending(true);
    setError(null);
    try {
      await confirmPasswordReset({ token, new_password: password });
      toast.success('Password changed', 'Sign in with your new password.');
      void navigate('/login', { replace: true });
    } catch (e) {
      setPending(false);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="After this, you are signed out everywhere else."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={passwordError}
          hint={<PasswordStrengthMeter password={password} />}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirmation: true }))}
          error={confirmationError}
        />
        <Button type="submit" size="lg" className="w-full" loading={pending}>
          Set new password
        </Button>
      </form>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard
      title="This link no longer works"
      subtitle="Reset links work once and expire after 30 minutes. Ask for a fresh one."
    >
      <div className="flex flex-col items-center gap-4">
        <div className="grid size-12 place-items-center rounded-2xl bg-accent-soft text-accent-soft-fg">
          <LinkIcon className="size-5" aria-hidden />
        </div>
        <Link to="/forgot-password" className={buttonClasses('primary', 'md', 'w-full')}>
          Send a new link
        </Link>
        <Link to="/login" className="text-sm font-medium text-fg-muted hover:text-fg">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
