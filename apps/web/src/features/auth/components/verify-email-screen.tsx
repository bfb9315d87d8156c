import { Link } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';

export function VerifyEmailScreen() {
  return (
    <AuthCard
      title="Verify your email"
      subtitle="Enter the code we email you to confirm your address."
    >
      <div className="flex flex-col items-start gap-3">
        <Badge tone="accent">Coming soon</Badge>
        <p className="text-sm text-fg-muted">Email verification arrives with accounts.</p>
        <Link to="/" className={buttonClasses('outline', 'md', 'mt-2 w-full')}>
          Back to Parallax
        </Link>
      </div>
    </AuthCard>
  );
}
