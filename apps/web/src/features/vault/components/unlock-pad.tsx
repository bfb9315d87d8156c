import type { VaultStatus } from '@parallax/contract';
import { Delete, LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/errors/api-error';
import { Button } from '../../../ui/button';
import { unlockVault } from '../api/vault-pin-calls';
import { secondsUntil, vaultErrorText } from '../hooks/error-text';
import { useNow } from '../hooks/use-now';
import { PinField } from './pin-field';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;

/** The locked vault: the PIN box, and for a digit PIN a keypad on phones. */
export function UnlockPad({ status, onUnlocked }: { status: VaultStatus; onUnlocked: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const now = useNow();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [lockedUntil, setLockedUntil] = useState<string | null>(status.locked_until);
  const [busy, setBusy] = useState(false);
  const digits = status.digit_pin === true;
  const wait = secondsUntil(lockedUntil, now);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (pin === '' || busy || wait > 0) return;
    setBusy(true);
    setError(null);
    try {
      await unlockVault({ pin });
      onUnlocked();
    } catch (err) {
      setPin('');
      if (isApiError(err) && err.status === 429) {
        const seconds = Number(/(\d+) (seconds|minutes)/.exec(err.detail ?? '')?.[1] ?? 30);
        const unit = /minutes/.test(err.detail ?? '') ? 60 : 1;
        setLockedUntil(new Date(Date.now() + seconds * unit * 1000).toISOString());
      }
      setError(vaultErrorText(err));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  const press = (key: string) => {
    setError(null);
    setPin((p) => (p.length < 12 ? p + key : p));
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-sm">
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        <div className="mb-4 flex items-center gap-3">
          <span className="grid size-10 place-items-center rounded-xl bg-accent/10 text-accent">
            <LockKeyhole className="size-5" aria-hidden />
          </span>
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              Your vault is locked
            </h2>
            <p className="text-sm text-fg-muted">
              Enter your {digits ? 'PIN' : 'passphrase'} to open it.
            </p>
          </div>
        </div>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          <PinField
            ref={input}
            id={`${id}-pin`}
            label={digits ? 'PIN' : 'Passphrase'}
            value={pin}
            digits={digits}
            onChange={(v) => {
              setPin(v);
              setError(null);
            }}
            error={wait > 0 ? `Too many wrong PINs. Try again in ${wait} s.` : error}
            disabled={wait > 0}
            autoFocus
          />
          {digits && (
            <div className="grid grid-cols-3 gap-2 sm:hidden" aria-label="Keypad">
              {KEYS.map((key) => (
                <Button
                  key={key}
                  variant="outline"
                  size="lg"
                  className="text-lg"
                  disabled={wait > 0}
                  onClick={() => press(key)}
                >
                  {key}
                </Button>
              ))}
              <Button
                variant="ghost"
                size="lg"
                aria-label="Delete the last digit"
                disabled={wait > 0}
                onClick={() => setPin((p) => p.slice(0, -1))}
              >
                <Delete className="size-5" aria-hidden />
              </Button>
              <Button
                variant="outline"
                size="lg"
                className="text-lg"
                disabled={wait > 0}
                onClick={() => press('0')}
              >
                0
              </Button>
              <span aria-hidden />
            </div>
          )}
          <Button type="submit" className="w-full" loading={busy} disabled={wait > 0}>
            Unlock
          </Button>
        </form>
        <p className="mt-4 text-center text-sm">
          <Link to="/vault/reset-pin" className="font-medium text-accent hover:underline">
            Forgot your PIN?
          </Link>
        </p>
      </div>
    </section>
  );
}
