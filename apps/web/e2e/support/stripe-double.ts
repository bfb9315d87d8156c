import type { BrowserContext } from 'playwright-core';

/**
 * A `window.Stripe` test double for browser tests and screenshots. https://js.stripe.com cannot
 * load here, and `loadStripe` uses `window.Stripe` when a page already has it, so the app runs its
 * normal code path against this double. Card details are typed into a PaymentElement look-alike;
 * `confirmPayment` / `confirmSetup` hand the card number to the server's Stripe stand-in (its
 * `/__control/confirm`), which settles the intent and sends Stripe's signed webhooks to the server
 * as Stripe would. A 3-D Secure card opens an authentication window first, as Stripe.js does.
 *
 * The stand-in is reached through a Playwright binding, not from the page: the app's
 * Content-Security-Policy rightly lets the page talk only to itself and api.stripe.com.
 */
export async function installStripeDouble(
  context: BrowserContext,
  standInUrl: string,
): Promise<void> {
  await context.exposeBinding(
    STAND_IN_BINDING,
    async (_source, payload: { client_secret: string; card: string; authenticated: boolean }) => {
      const res = await fetch(`${standInUrl}/__control/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as unknown;
    },
  );
  await context.addInitScript(stripeDouble, STAND_IN_BINDING);
}

const STAND_IN_BINDING = '__stripeStandInConfirm';

interface ConfirmAnswer {
  status?: string;
  error?: { code?: string; decline_code?: string; message?: string; type?: string } | null;
}

/** Runs in the page before its scripts: everything it needs is inside it. */
function stripeDouble(bindingName: string): void {
  type Listener = (event?: unknown) => void;
  type Vars = Record<string, string | undefined>;
  const w = window as unknown as Record<string, unknown>;

  const style = (el: HTMLElement, css: Record<string, string>) => Object.assign(el.style, css);

  function vars(options: { appearance?: { theme?: string; variables?: Vars } } | undefined) {
    const night = options?.appearance?.theme === 'night';
    const v = options?.appearance?.variables ?? {};
    return {
      text: v.colorText ?? (night ? '#f3f3f5' : '#1c1b22'),
      muted: v.colorTextSecondary ?? (night ? '#b3b3bb' : '#5d5c68'),
      background: v.colorBackground ?? (night ? '#1c1c21' : '#ffffff'),
      primary: v.colorPrimary ?? '#4f46e5',
      danger: v.colorDanger ?? '#dc2626',
      border: night ? '#3a3a44' : '#d9d9e0',
      radius: v.borderRadius ?? '8px',
      font: v.fontFamily ?? 'system-ui, sans-serif',
    };
  }

  function createPaymentElement(elementsOptions: Record<string, unknown>) {
    const listeners = new Map<string, Set<Listener>>();
    const emit = (event: string, payload?: unknown) =>
      listeners.get(event)?.forEach((listener) => listener(payload));
    let root: HTMLElement | null = null;
    const inputs: Record<'number' | 'expiry' | 'cvc', HTMLInputElement | null> = {
      number: null,
      expiry: null,
      cvc: null,
    };
    let errorLine: HTMLElement | null = null;
    const labels: HTMLElement[] = [];
    /** Colours from the Elements options, again after `elements.update({appearance})`. */
    const paint = () => {
      const c = vars(elementsOptions as never);
      labels.forEach((label) => style(label, { color: c.muted }));
      Object.values(inputs).forEach(
        (input) =>
          input &&
          style(input, {
            border: `1px solid ${c.border}`,
            background: c.background,
            color: c.text,
          }),
      );
      if (errorLine) style(errorLine, { color: c.danger });
    };

    const field = (
      c: ReturnType<typeof vars>,
      label: string,
      name: keyof typeof inputs,
      placeholder: string,
      autocomplete: string,
    ) => {
      const wrap = document.createElement('label');
      style(wrap, { display: 'flex', flexDirection: 'column', gap: '6px', minWidth: '0' });
      const text = document.createElement('span');
      text.textContent = label;
      style(text, { fontSize: '13px', color: c.muted });
      labels.push(text);
      const input = document.createElement('input');
      input.placeholder = placeholder;
      input.setAttribute('autocomplete', autocomplete);
      input.inputMode = 'numeric';
      style(input, {
        height: '44px',
        padding: '0 12px',
        border: `1px solid ${c.border}`,
        borderRadius: c.radius,
        background: c.background,
        color: c.text,
        font: `15px ${c.font}`,
        minWidth: '0',
        width: '100%',
        boxSizing: 'border-box',
      });
      input.addEventListener('input', () => {
        if (errorLine) errorLine.textContent = '';
        emit('change', {
          elementType: 'payment',
          empty: Object.values(inputs).every((i) => !i?.value),
          complete: Object.values(inputs).every((i) => Boolean(i?.value)),
          value: { type: 'card' },
        });
      });
      inputs[name] = input;
      wrap.append(text, input);
      return wrap;
    };

    return {
      mount(target: HTMLElement | string) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!(host instanceof HTMLElement)) throw new Error('mount target not found');
        const c = vars(elementsOptions as never);
        root = document.createElement('div');
        root.dataset.stripeDouble = 'payment-element';
        style(root, {
          display: 'flex',
          flexDirection: 'column',
          gap: '12px',
          font: `14px ${c.font}`,
        });
        const row = document.createElement('div');
        style(row, { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' });
        row.append(
          field(c, 'Expiration date', 'expiry', 'MM / YY', 'cc-exp'),
          field(c, 'Security code', 'cvc', 'CVC', 'cc-csc'),
        );
        errorLine = document.createElement('p');
        errorLine.setAttribute('role', 'alert');
        style(errorLine, { margin: '0', fontSize: '13px', color: c.danger, minHeight: '0' });
        root.append(
          field(c, 'Card number', 'number', '1234 1234 1234 1234', 'cc-number'),
          row,
          errorLine,
        );
        host.append(root);
        setTimeout(() => emit('ready', {}), 50);
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(listener);
      },
      off(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
      },
      update() {},
      paint,
      focus() {
        inputs.number?.focus();
      },
      blur() {},
      clear() {
        Object.values(inputs).forEach((i) => i && (i.value = ''));
      },
      unmount() {
        root?.remove();
      },
      destroy() {
        root?.remove();
        root = null;
      },
      /** Stripe's own wording for a field left incomplete. */
      validate(): { type: string; code: string; message: string } | null {
        const number = inputs.number?.value.replace(/\D/g, '') ?? '';
        const problem =
          number.length < 12
            ? { code: 'incomplete_number', message: 'Your card number is incomplete.' }
            : !/^\d{2}\s*\/\s*\d{2}$/.test(inputs.expiry?.value.trim() ?? '')
              ? { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." }
              : (inputs.cvc?.value.replace(/\D/g, '').length ?? 0) < 3
                ? { code: 'incomplete_cvc', message: "Your card's security code is incomplete." }
                : null;
        if (errorLine) errorLine.textContent = problem?.message ?? '';
        return problem && { type: 'validation_error', ...problem };
      },
      cardNumber: () => inputs.number?.value ?? '',
    };
  }

  /** Stripe's test authentication window: complete or fail, as on Stripe's 3-D Secure test page. */
  function authenticate(): Promise<boolean> {
    return new Promise((resolve) => {
      const overlay = document.createElement('div');
      style(overlay, {
        position: 'fixed',
        inset: '0',
        zIndex: '2147483647',
        background: 'rgba(0,0,0,0.5)',
        display: 'grid',
        placeItems: 'center',
        padding: '16px',
      });
      const dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-label', '3D Secure 2 Test Page');
      style(dialog, {
        background: '#ffffff',
        color: '#1a1f36',
        borderRadius: '8px',
        padding: '24px',
        width: '100%',
        maxWidth: '400px',
        boxSizing: 'border-box',
        font: '14px system-ui, sans-serif',
        boxShadow: '0 10px 40px rgba(0,0,0,0.3)',
      });
      const title = document.createElement('h2');
      title.textContent = '3D Secure 2 Test Page';
      style(title, { margin: '0 0 8px', fontSize: '18px' });
      const text = document.createElement('p');
      text.textContent =
        'This is a test 3D Secure 2 authentication for a payment. In live mode, your bank would ask you to confirm it here.';
      style(text, { margin: '0 0 20px', color: '#4f566b', lineHeight: '1.45' });
      const buttons = document.createElement('div');
      style(buttons, { display: 'flex', gap: '8px', justifyContent: 'flex-end' });
      const button = (label: string, ok: boolean, primary: boolean) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = label;
        style(b, {
          padding: '8px 14px',
          borderRadius: '6px',
          border: primary ? '0' : '1px solid #c1c9d2',
          background: primary ? '#0a2540' : '#ffffff',
          color: primary ? '#ffffff' : '#1a1f36',
          font: 'inherit',
          cursor: 'pointer',
        });
        b.addEventListener('click', () => {
          overlay.remove();
          resolve(ok);
        });
        return b;
      };
      buttons.append(
        button('Fail authentication', false, false),
        button('Complete authentication', true, true),
      );
      dialog.append(title, text, buttons);
      overlay.append(dialog);
      document.body.append(overlay);
    });
  }

  type PaymentElementDouble = ReturnType<typeof createPaymentElement>;

  function createStripe() {
    const confirm = async (
      kind: 'payment' | 'setup',
      options: {
        elements?: { _double?: { element: PaymentElementDouble | null; clientSecret: string } };
      },
    ) => {
      const state = options.elements?._double;
      const element = state?.element;
      if (!state || !element)
        return { error: { type: 'invalid_request_error', message: 'No PaymentElement mounted.' } };
      const invalid = element.validate();
      if (invalid) return { error: invalid };
      const ask = w[bindingName] as (payload: unknown) => Promise<ConfirmAnswer>;
      const payload = { client_secret: state.clientSecret, card: element.cardNumber() };
      let answer = await ask({ ...payload, authenticated: false });
      if (answer.status === 'requires_action') {
        if (!(await authenticate())) {
          const failure = kind === 'payment' ? 'payment_intent' : 'setup_intent';
          return {
            error: {
              type: 'invalid_request_error',
              code: `${failure}_authentication_failure`,
              message:
                'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
            },
          };
        }
        answer = await ask({ ...payload, authenticated: true });
      }
      if (answer.error)
        return { error: { type: 'card_error', ...answer.error, message: answer.error.message } };
      const intent = {
        id: state.clientSecret.split('_secret_')[0],
        object: kind === 'payment' ? 'payment_intent' : 'setup_intent',
        client_secret: state.clientSecret,
        status: answer.status,
      };
      return kind === 'payment' ? { paymentIntent: intent } : { setupIntent: intent };
    };
    const unsupported = () => Promise.reject(new Error('not supported by the Stripe test double'));
    return {
      elements(options: Record<string, unknown> = {}) {
        const state = {
          element: null as PaymentElementDouble | null,
          clientSecret: String(options.clientSecret ?? ''),
        };
        return {
          _double: state,
          create(type: string) {
            if (type !== 'payment') throw new Error(`the Stripe double has no ${type} element`);
            state.element = createPaymentElement(options);
            return state.element;
          },
          getElement: () => state.element,
          update(changes: Record<string, unknown>) {
            Object.assign(options, changes);
            state.element?.paint();
          },
          submit: () => Promise.resolve({}),
          fetchUpdates: () => Promise.resolve({}),
        };
      },
      confirmPayment: (options: never) => confirm('payment', options),
      confirmSetup: (options: never) => confirm('setup', options),
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }

  const Stripe = () => createStripe();
  // The release train @stripe/stripe-js expects; another value only makes it warn.
  Stripe.version = 'endive';
  w.Stripe = Stripe;
}
