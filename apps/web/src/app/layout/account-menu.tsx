import {
  ChevronsUpDown,
  CreditCard,
  KeySquare,
  LifeBuoy,
  LogIn,
  LogOut,
  Shield,
  UserPlus,
  UserRound,
} from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { signOut, useAuth } from '../../features/auth';
import { UserAvatar } from '../../features/users';
import { buttonClasses } from '../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';

/** Sidebar footer: a sign-in button for visitors, the account menu for users. */
export function AccountMenu() {
  const { user, isAuthenticated, isAdmin } = useAuth();
  const navigate = useNavigate();
  if (!isAuthenticated) {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Link to="/login" className={buttonClasses('outline', 'md', 'w-full px-3')}>
          <LogIn className="size-4" aria-hidden /> Sign in
        </Link>
        <Link to="/signup" className={buttonClasses('primary', 'md', 'w-full px-3')}>
          <UserPlus className="size-4" aria-hidden /> Sign up
        </Link>
      </div>
    );
  }
  const label = user?.name || user?.email || 'Account';
  const go = (path: string) => () => void navigate(path);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex w-full items-center gap-3 rounded-xl px-2 py-2 text-left hover:bg-surface-2">
        <UserAvatar name={user?.name} email={user?.email} avatarUrl={user?.avatar_url} />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium">{label}</span>
          {user?.name && (
            <span className="block truncate text-xs text-fg-subtle">{user.email}</span>
          )}
        </span>
        <ChevronsUpDown className="size-4 text-fg-subtle" aria-hidden />
      </DropdownMenuTrigger>
      <DropdownMenuContent
        side="top"
        align="start"
        className="w-[var(--radix-dropdown-menu-trigger-width)]"
      >
        <DropdownMenuLabel>Signed in as {user?.email}</DropdownMenuLabel>
        <DropdownMenuItem icon={<UserRound />} onSelect={go('/profile')}>
          Profile and settings
        </DropdownMenuItem>
        <DropdownMenuItem icon={<KeySquare />} onSelect={go('/api-keys')}>
          API keys
        </DropdownMenuItem>
        <DropdownMenuItem icon={<CreditCard />} onSelect={go('/subscription/manage')}>
          Subscription
        </DropdownMenuItem>
        <DropdownMenuItem icon={<LifeBuoy />} onSelect={go('/support')}>
          Support
        </DropdownMenuItem>
        {isAdmin && (
          <DropdownMenuItem icon={<Shield />} onSelect={go('/admin')}>
            Admin
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          icon={<LogOut />}
          onSelect={() => {
            // Ends the session on the server too (POST /auth/logout), then locally.
            void signOut().then(() => navigate('/'));
          }}
        >
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
