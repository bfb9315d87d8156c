import { redactUrl } from './redact';

type AddCrumb = (category: string, message: string, data?: Record<string, unknown>) => void;

/** Longest label kept for a click: enough to name a control, too short to carry a message. */
const LABEL_MAX = 40;

/**
 * A control's name as the user saw it: its aria-label, else its visible text, cut short.
 * Never a field's value: only buttons and links are named, never inputs.
 */
export function controlLabel(element: Element): string {
  const aria = element.getAttribute('aria-label')?.trim();
  const text = aria || (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text.length > LABEL_MAX ? `${text.slice(0, LABEL_MAX - 1)}…` : text;
}

/**
 * Clicks on buttons by label, and on links by their path alone: a link's text can be a chat's
 * title, which comes from what the user wrote.
 */
export function recordClicks(add: AddCrumb, doc: Document = document): () => void {
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const control = target?.closest('button, a[href], [role="button"], [role="link"]');
    if (!control) return;
    const href = control instanceof HTMLAnchorElement ? control.getAttribute('href') : null;
    if (href !== null) {
      add('ui.click', `a ${redactUrl(href)}`, { href: redactUrl(href) });
      return;
    }
    add('ui.click', `${control.tagName.toLowerCase()} "${controlLabel(control)}"`);
  };
  doc.addEventListener('click', onClick, { capture: true });
  return () => doc.removeEventListener('click', onClick, { capture: true });
}

/** One HTTP exchange: method, path (query values redacted) and status (null: no answer). */
export function httpCrumb(add: AddCrumb, method: string, url: string, status: number | null): void {
  add('http', `${method.toUpperCase()} ${redactUrl(url)}`, { status });
}
