import { Fragment } from 'react';

/**
 * An email address that may wrap before its "@" and dots rather than mid-word; <wbr> adds
 * break chances without changing the text people copy.
 */
export function BreakableEmail({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
