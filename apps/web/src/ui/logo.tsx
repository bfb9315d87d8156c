/** The Parallax mark: two offset strokes, the same drawing as public/favicon.svg. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden focusable="false">
      <rect width="32" height="32" rx="8" className="fill-accent" />
      <path d="M9 22.5 14.5 9.5h3L12 22.5z" className="fill-accent-fg" opacity=".55" />
      <path d="M15 22.5 20.5 9.5h3L18 22.5z" className="fill-accent-fg" />
    </svg>
  );
}
