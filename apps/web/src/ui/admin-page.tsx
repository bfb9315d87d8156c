import { NavLink } from 'react-router';
import { cn } from '../lib/cn';

const LINKS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/plans', label: 'Plans' },
  { to: '/admin/subscriptions', label: 'Subscriptions' },
  { to: '/admin/ai-management', label: 'AI management' },
  { to: '/admin/prompt-templates', label: 'Templates' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/support', label: 'Support' },
  { to: '/admin/errors', label: 'Client errors' },
  { to: '/admin/flags', label: 'Flags' },
  { to: '/admin/audit', label: 'Audit log' },
] as const;

/** The admin area's sections: they scroll sideways on a phone and wrap on wider screens. */
export function AdminNav() {
  return (
    <nav aria-label="Admin" className="-mx-4 mb-6 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-line pb-2 sm:min-w-0 sm:flex-wrap">
        {LINKS.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end={'end' in link}
              className={({ isActive }) =>
                cn(
                  'block rounded-lg px-3 py-1.5 text-sm font-medium transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
                  isActive
                    ? 'bg-accent-soft text-accent-soft-fg'
                    : 'text-fg-muted hover:bg-surface-2 hover:text-fg',
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame every admin console page shares: width, heading, navigation. */
export function AdminPage({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <AdminNav />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description && <p className="mt-1 text-sm text-fg-muted">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}
