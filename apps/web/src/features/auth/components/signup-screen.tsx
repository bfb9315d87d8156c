import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Button } from '../../../ui/button';
import { register } from '../api/register';
import { authErrorMessage } from '../auth-error-message';
import { validateEmail, validateNewPassword } from '../validation';
import { FormAlert } from './fields/form-alert';
import { PasswordField } from './fields/password-field';
import { PasswordStrengthMeter } from './fields/password-strength-meter';
import { TextField } from './fields/text-field';
import { SocialSignIn } from './oauth/social-sign-in';
import { originFrom } from './return-path';
import { useReturnWhenSignedIn } from '../hooks/use-return-when-signed-in';
import type { VerifyEmailState } from './verify-email-state';

const NAME_MAX = 100;

export function SignupScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = useReturnWhenSignedIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const emailError = touched.email ? validateEmail(email) : null;
  const passwordError = touched.password ? validateNewPassword(password) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    if (validateEmail(email) || validateNewPassword(password)) return;
    setPending(true);
    setError(null);
    try {
      const trimmedName = name.trim();
      const result = await register({
        email: email.trim(),
        password,
        ...(trimmedName !== '' && { name: trimmedName }),
      });
      const from = originFrom(location.state);
      const state: VerifyEmailState = { email: result.email, ...(from && { from }) };
      void navigate('/verify-email', { state });
    } catch (e) {
      setPending(false);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.registration));
    }
  };

  return (
    <AuthCard
      title="Create your account"
      subtitle="Save conversations, organise projects and get a larger daily allowance."
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            state={location.state}
            className="font-medium text-accent hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        <SocialSignIn returnTo={target} />
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <TextField
            label="Name"
            aside={<span className="text-xs text-fg-subtle">Optional</span>}
            autoComplete="name"
            placeholder="Ada Lovelace"
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={null}
          />
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
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            error={passwordError}
            hint={<PasswordStrengthMeter password={password} />}
          />
          <Button type="submit" size="lg" className="w-full" loading={pending}>
            Create account
          </Button>
        </form>
      </div>
    </AuthCard>
  );
}
