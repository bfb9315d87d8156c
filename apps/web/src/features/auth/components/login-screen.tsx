import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Info } from 'lucide-react';
import { validateEmail, validateRequired } from '../../../lib/validate';
import { AuthCard } from '../../../ui/auth-card';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';
import { useAuth } from '../hooks/use-auth';
import { returnPathFrom } from './return-path';

export function LoginScreen() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPathFrom(location.state);
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId() };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ email: false, password: false });
  const [submitted, setSubmitted] = useState(false);

  // Signed-in users have nothing to do here: send them where they were going.
  useEffect(() => {
    if (isAuthenticated) void navigate(target, { replace: true });
  }, [isAuthenticated, navigate, target]);

  const emailError = touched.email ? validateEmail(email) : null;
  const passwordError = touched.password ? validateRequired(password) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    setSubmitted(!validateEmail(email) && !validateRequired(password));
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
      <form noValidate onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={ids.email} className="mb-1.5 block text-sm font-medium">
            Email
          </label>
          <Input
            id={ids.email}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, email: true }))}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? ids.emailError : undefined}
          />
          <FieldError id={ids.emailError} message={emailError} />
        </div>
        <div>
          <div className="mb-1.5 flex items-baseline justify-between">
            <label htmlFor={ids.password} className="block text-sm font-medium">
              Password
            </label>
            <Link to="/forgot-password" className="text-xs font-medium text-fg-muted hover:text-fg">
              Forgot password?
            </Link>
          </div>
          <Input
            id={ids.password}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, password: true }))}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? ids.passwordError : undefined}
          />
          <FieldError id={ids.passwordError} message={passwordError} />
        </div>
        <Button type="submit" size="lg" className="w-full">
          Sign in
        </Button>
        {submitted && (
          <p
            role="status"
            className="flex items-start gap-2 rounded-xl bg-accent-soft px-3.5 py-3 text-sm text-accent-soft-fg"
          >
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            Sign-in arrives with accounts. Your details were not sent anywhere.
          </p>
        )}
      </form>
    </AuthCard>
  );
}
