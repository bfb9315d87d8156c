import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useId, useState, type FormEvent } from 'react';
import type { Wire } from '../../../../lib/http';
import { Button } from '../../../../ui/button';
import { CopyButton } from '../../../../ui/copy-button';
import { authErrorMessage } from '../../auth-error-message';
import { CODE_LENGTH, CodeInput } from '../../components/code-input';
import { FormAlert } from '../../components/fields/form-alert';
import { enableTwoFactor } from '../api/enable-two-factor';

/** Groups of four, as authenticator apps show keys; the spaces are ignored when typed in. */
const grouped = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

/** Enrolment: scan (or type) the secret, then confirm with the first code. */
export function TwoFactorSetupPanel({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: Wire<'TwoFactorSetupResponse'>;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const errorId = useId();
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (value: string) => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onEnabled(await enableTwoFactor({ code: value }));
    } catch (e) {
      setPending(false);
      setCode('');
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) setError(`Enter all ${CODE_LENGTH} digits of the code.`);
    else void confirm(code);
  };

  return (
    <div className="space-y-5">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg-muted">
        <li>
          Open an authenticator app (Google Authenticator, 1Password, Authy, Microsoft
          Authenticator…).
        </li>
        <li>Scan the QR code, or enter the key by hand.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-center gap-5 sm:flex-row sm:items-start">
        {/* A QR code needs a light quiet zone to scan, in dark mode too. */}
        <div className="shrink-0 rounded-xl border border-line bg-white p-2">
          <img
            src={setup.qr_code}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="size-44"
          />
        </div>
        <div className="w-full min-w-0 space-y-2">
          <p className="text-sm font-medium" id={`${errorId}-key`}>
            Or enter this key
          </p>
          <p
            aria-labelledby={`${errorId}-key`}
            data-testid="manual-key"
            className="rounded-xl border border-line bg-surface-2 px-3 py-2 font-mono text-sm tracking-wide break-all select-all"
          >
            {grouped(setup.manual_key)}
          </p>
          <CopyButton text={setup.manual_key} label="Copy the key" />
          <p className="text-xs text-fg-muted">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <div>
          <p className="mb-2 text-sm font-medium">Code from the app</p>
          <CodeInput
            label="Code from the app"
            value={code}
            onChange={(next) => {
              setCode(next);
              if (error) setError(null);
            }}
            onComplete={(value) => void confirm(value)}
            disabled={pending}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
          />
        </div>
        {error && (
          <div id={errorId}>
            <FormAlert>{error}</FormAlert>
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Turn on
          </Button>
        </div>
      </form>
    </div>
  );
}
