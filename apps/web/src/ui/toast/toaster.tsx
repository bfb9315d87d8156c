import { CheckCircle2, Info, TriangleAlert, X, XCircle, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../button';
import { useToastStore, type Toast, type ToastType } from './toast-store';

const STYLE: Record<ToastType, { icon: LucideIcon; accent: string; iconColor: string }> = {
  success: {
    icon: CheckCircle2,
    accent: 'before:bg-green-500',
    iconColor: 'text-green-600 dark:text-green-400',
  },
  error: {
    icon: XCircle,
    accent: 'before:bg-red-500',
    iconColor: 'text-red-600 dark:text-red-400',
  },
  warning: {
    icon: TriangleAlert,
    accent: 'before:bg-yellow-400',
    iconColor: 'text-yellow-600 dark:text-yellow-400',
  },
  info: { icon: Info, accent: 'before:bg-blue-500', iconColor: 'text-blue-600 dark:text-blue-400' },
};

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  const { icon: Icon, accent, iconColor } = STYLE[toast.type];
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-type={toast.type}
      className={cn(
        'pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border border-line bg-surface py-3 pr-10 pl-4 shadow-pop',
        'before:absolute before:inset-y-0 before:left-0 before:w-1',
        accent,
        toast.leaving ? 'animate-toast-out' : 'animate-toast-in',
      )}
    >
      <Icon className={cn('mt-0.5 size-5 shrink-0', iconColor)} aria-hidden />
      <div className="min-w-0">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.message && <p className="mt-0.5 text-sm text-fg-muted">{toast.message}</p>}
        {toast.action && (
          <Button
            size="sm"
            className="mt-2.5"
            onClick={() => {
              toast.action?.onAction();
              dismiss(toast.id);
            }}
          >
            {toast.action.label}
          </Button>
        )}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismiss(toast.id)}
        className="absolute top-2.5 right-2.5 grid size-7 place-items-center rounded-lg text-fg-subtle hover:bg-surface-2 hover:text-fg"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}

/** The toast stack, top right (spec §2). */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed top-4 right-4 z-[60] w-[min(24rem,calc(100vw-2rem))]"
    >
      {/* Not a list: each toast is a status or an alert, roles a list item cannot take. */}
      <div className="flex flex-col gap-2.5">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </section>
  );
}
