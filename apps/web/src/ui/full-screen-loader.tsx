import { Spinner } from './spinner';

/** Covers the viewport while something app-wide (auth state) is not yet known. */
export function FullScreenLoader({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-30 grid place-items-center bg-canvas"
    >
      <div className="flex flex-col items-center gap-4 text-fg-muted">
        <Spinner size="lg" className="text-accent" />
        <p className="text-sm font-medium">{text}</p>
      </div>
    </div>
  );
}

/** In-page placeholder while a screen's code loads. */
export function ScreenPlaceholder({ text }: { text: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-1 items-center justify-center"
    >
      <div className="flex items-center gap-3 text-sm text-fg-muted">
        <Spinner size="sm" className="text-accent" />
        {text}
      </div>
    </div>
  );
}
