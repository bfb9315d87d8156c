import { Link } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';

export function ForgotPasswordScreen() {
  return (
    <AuthCard
      title="Reset your password"
      subtitle="We will email you a link to choose a new password."
    >
      <div className="flex flex-col items-start gap-3">
        <Badge tone="accent">Coming soon</Badge>
        <p className="text-sm text-fg-muted">Password recovery arrives with accounts.</p>
        <Link to="/" className={buttonClasses('outline', 'md', 'mt-2 w-full')}>
          Back to Parallax
        </Link>
      </div>
    </AuthCard>
  );
}
