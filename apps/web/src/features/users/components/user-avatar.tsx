import { useEffect, useState } from 'react';
import { cn } from '../../../lib/cn';

const SIZES = { sm: 'size-8 text-sm', lg: 'size-16 text-2xl' } as const;

/** The avatar image, or the first letter of the name/email when there is none or it fails to load. */
export function UserAvatar({
  name,
  email,
  avatarUrl,
  size = 'sm',
  className,
}: {
  name?: string | null;
  email?: string | null;
  avatarUrl?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [avatarUrl]);
  const initial = (name || email || '?').trim().slice(0, 1).toUpperCase();
  const base = cn('shrink-0 rounded-full', SIZES[size], className);
  if (avatarUrl && !broken) {
    return (
      <img
        src={avatarUrl}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
        className={cn(base, 'bg-surface-2 object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn(
        base,
        'grid place-items-center bg-accent-soft font-semibold text-accent-soft-fg',
      )}
    >
      {initial}
    </span>
  );
}
