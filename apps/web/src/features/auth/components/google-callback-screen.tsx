import { Link } from 'react-router';
import { AuthCard } from '../../../ui/auth-card';
import { Badge } from '../../../ui/badge';
import { buttonClasses } from '../../../ui/button';

export function GoogleCallbackScreen() {
  return (
    <AuthCard title="Signing in with Google" subtitle="Finishing your Google sign-in.">
      <div className="flex flex-col items-start gap-3">
        <Badge tone="accent">Coming soon</Badge>
        <p className="text-sm text-fg-muted">Google sign-in arrives with accounts.</p>
        <Link to="/" className={buttonClasses('outline', 'md', 'mt-2 w-full')}>
          Back to Parallax
        </Link>
      </div>
    </AuthCard>
  );
}
