import {
  VAULT_PASSPHRASE_MIN,
  VAULT_PIN_DIGITS_MAX,
  VAULT_PIN_DIGITS_MIN,
  vaultPinProblem,
  type VaultCreated,
} from '@parallax/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { setUpVault } from '../api/vault-pin-calls';
import { useVaultSession } from '../api/vault-session-store';
import { vaultErrorText } from '../hooks/error-text';
import { PinField } from './pin-field';
import { RecoveryKeyStep } from './recovery-key-step';

type Step = 'pin' | 'confirm' | 'recovery';
const STEPS: Step[] = ['pin', 'confirm', 'recovery'];
const STEP_NAMES: Record<Step, string> = {
  pin: 'Choose a PIN',
  confirm: 'Confirm it',
  recovery: 'Recovery key',
};

/** First visit: choose a PIN, type it again, then keep the recovery key shown once. */
export function SetupWizard({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [step, setStep] = useState<Step>('pin');
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<VaultCreated | null>(null);

  const choose = (e: FormEvent) => {
    e.preventDefault();
    const problem = vaultPinProblem(pin);
    setError(problem);
    if (problem === null) setStep('confirm');
  };
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (confirm !== pin) {
      setError('The two PINs differ. Type the same PIN again.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      setCreated(await setUpVault({ pin }));
      setStep('recovery');
    } catch (err) {
      setError(vaultErrorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-md">
      <h2 id={`${id}-title`} className="sr-only">
        Set up your vault
      </h2>
      <ol className="mb-5 flex gap-2 text-xs" aria-label="Set-up steps">
        {STEPS.map((s, index) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={
              s === step
                ? 'flex-1 border-t-2 border-accent pt-2 font-semibold text-fg'
                : 'flex-1 border-t-2 border-line pt-2 text-fg-muted'
            }
          >
            {index + 1}. {STEP_NAMES[s]}
          </li>
        ))}
      </ol>
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {step === 'pin' && (
          <form className="space-y-4" onSubmit={choose} noValidate>
            <p className="text-sm text-fg-muted">
              Use {VAULT_PIN_DIGITS_MIN} to {VAULT_PIN_DIGITS_MAX} digits, or a passphrase of at
              least {VAULT_PASSPHRASE_MIN} characters. Avoid runs like 123456 and repeats.
            </p>
            <PinField
              id={`${id}-pin`}
              label="New PIN or passphrase"
              value={pin}
              onChange={(v) => {
                setPin(v);
                setError(null);
              }}
              error={error}
              autoFocus
            />
            <Button type="submit" className="w-full">
              Continue
            </Button>
          </form>
        )}
        {step === 'confirm' && (
          <form className="space-y-4" onSubmit={(e) => void create(e)} noValidate>
            <PinField
              id={`${id}-confirm`}
              label="Type it again"
              value={confirm}
              onChange={(v) => {
                setConfirm(v);
                setError(null);
              }}
              error={error}
              autoFocus
            />
            <div className="flex gap-2">
              <Button
                variant="outline"
                onClick={() => {
                  setStep('pin');
                  setConfirm('');
                  setError(null);
                }}
              >
                Back
              </Button>
              <Button type="submit" className="flex-1" loading={saving}>
                Create vault
              </Button>
            </div>
          </form>
        )}
        {step === 'recovery' && created !== null && (
          <RecoveryKeyStep
            recoveryKey={created.recovery_key}
            onDone={() => {
              useVaultSession.getState().open(created);
              onDone();
            }}
          />
        )}
      </div>
    </section>
  );
}
