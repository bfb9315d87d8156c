import { TOAST } from '@parallax/contract';
import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** A button on the toast that does something and then closes it. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

/**
 * The notification entity of spec §3, plus whether its exit animation is running and an
 * optional action (e.g. "Stay signed in").
 */
export interface Toast {
  id: string;
  type: ToastType;
  title: string;
  message?: string;
  /** Milliseconds; zero or negative stays until dismissed. */
  duration: number;
  leaving: boolean;
  action?: ToastAction;
}

interface ToastState {
  toasts: Toast[];
  show: (
    type: ToastType,
    title: string,
    message?: string,
    durationMs?: number,
    action?: ToastAction,
  ) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

export function defaultDuration(type: ToastType): number {
  if (type === 'error') return TOAST.errorDurationMs;
  if (type === 'warning') return TOAST.warningDurationMs;
  return TOAST.defaultDurationMs;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (type, title, message, durationMs, action) => {
    counter += 1;
    const id = `toast_${Date.now().toString(36)}_${counter}`;
    const duration = durationMs ?? defaultDuration(type);
    const toast: Toast = {
      id,
      type,
      title,
      duration,
      leaving: false,
      ...(message !== undefined && { message }),
      ...(action !== undefined && { action }),
    };
    set((s) => ({ toasts: [...s.toasts, toast] }));
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
    return id;
  },
  dismiss: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    const current = get().toasts.find((t) => t.id === id);
    if (!current || current.leaving) return;
    // Keep it mounted for the exit animation, then drop it.
    set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t)) }));
    setTimeout(
      () => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
      TOAST.animationMs,
    );
  },
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
    set({ toasts: [] });
  },
}));

const show =
  (type: ToastType) =>
  (title: string, message?: string, durationMs?: number, action?: ToastAction) =>
    useToastStore.getState().show(type, title, message, durationMs, action);

/** `toast.error('Could not save', 'Try again in a moment')` from anywhere, inside React or not. */
export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
};
