import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { isApiError } from '../../../lib/errors/api-error';
import { validateRequired } from '../../../lib/validate';
import { AuthCard } from '../../../ui/auth-card';
import { Button } from '../../../ui/button';
import { login } from '../api/login';
import { authErrorMessage } from '../auth-error-message';
import { continueSignIn } from '../two-factor/continue-sign-in';
import { validateEmail } from '../validation';
import { FormAlert } from './fields/form-alert';
import { PasswordField } from './fields/password-field';
import { TextField } from './fields/text-field';
import { SocialSignIn } from './oauth/social-sign-in';
import { originFrom } from './return-path';
import { useReturnWhenSignedIn } from '../hooks/use-return-when-signed-in';
import type { VerifyEmailState } from './verify-email-state';

export function LoginScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useReturnWhenSignedIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const emailError = touched.email ? validateEmail(email) : null;
  const passwordError = touched.password ? validateRequired(password) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (validateEmail(email) || validateRequired(password)) return;
    setPending(true);
    setError(null);
    try {
      await continueSignIn(await login({ email: email.trim(), password }), navigate, target);
    } catch (e) {
      setPending(false);
      if (isApiError(e) && e.code === 'verification_required') {
        const from = originFrom(location.state);
        const state: VerifyEmailState = {
          email: email.trim(),
          sendCode: true,
          ...(from && { from }),
        };
        void navigate('/verify-email', { state });
        return;
      }
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.login));
    }
  };

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to keep your conversations, projects and favourites."
      footer={
        <>
          New to Parallax?{' '}
          <Link
            to="/signup"
            state={location.state}
            className="font-medium text-accent hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <SocialSignIn returnTo={target} />
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
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            error={emailError}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={passwordError}
            aside={
              <Link
                to="/forgot-password"
                state={{ email: email.trim() }}
                className="text-xs font-medium text-fg-muted hover:text-fg"
              >
                Forgot password?
              </Link>
            }
          />
          <Button type="submit" size="lg" className="w-full" loading={pending}>
            Sign in
          </Button>
        </form>
      </div>
    </AuthCard>
  );
}
