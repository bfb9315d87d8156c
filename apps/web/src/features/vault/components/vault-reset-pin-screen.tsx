import { VAULT_ERASE_WORD, vaultPinProblem, type VaultCreated } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { FieldError, Input } from '../../../ui/input';
import { toast } from '../../../ui/toast/toast-store';
import { changeVaultPin, eraseVault, requestVaultResetCode } from '../api/vault-pin-calls';
import { useVaultSession } from '../api/vault-session-store';
import { vaultKey } from '../api/vault-status';
import { vaultErrorText } from '../hooks/error-text';
import { PinField } from './pin-field';
import { RecoveryKeyStep } from './recovery-key-step';

/** The new PIN twice; null and a message until both agree and the PIN is acceptable. */
function checkNewPin(pin: string, again: string): string | null {
  return vaultPinProblem(pin) ?? (pin === again ? null : 'The two PINs differ.');
}

/** /vault/reset-pin: with the recovery key (contents kept), or by a mailed code (erased). */
export function VaultResetPinScreen() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: vaultKey });
    void navigate('/vault');
  };

  const [recoveryKey, setRecoveryKey] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');
  const [erasePin, setErasePin] = useState('');
  const [eraseAgain, setEraseAgain] = useState('');
  const [word, setWord] = useState('');
  const [eraseError, setEraseError] = useState<string | null>(null);
  const [erased, setErased] = useState<VaultCreated | null>(null);

  const resetWithKey = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      recoveryKey.trim() === '' ? 'Enter your recovery key.' : checkNewPin(pin, again);
    setKeyError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await changeVaultPin({ recovery_key: recoveryKey, new_pin: pin });
      toast.success('PIN changed. Your vault kept everything.');
      done();
    } catch (err) {
      setKeyError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  const sendCode = async () => {
    setBusy(true);
    try {
      await requestVaultResetCode();
      setCodeSent(true);
      toast.success('Code sent. Check your email.');
    } catch (err) {
      setEraseError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };
  const erase = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      word !== VAULT_ERASE_WORD
        ? `Type ${VAULT_ERASE_WORD} to confirm.`
        : !/^\d{6}$/.test(code)
          ? 'The code has 6 digits.'
          : checkNewPin(erasePin, eraseAgain);
    setEraseError(problem);
    if (problem) return;
    setBusy(true);
    try {
      setErased(await eraseVault({ code, confirm: VAULT_ERASE_WORD, new_pin: erasePin }));
    } catch (err) {
      setEraseError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (erased)
    return (
      <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
        <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
          <RecoveryKeyStep
            recoveryKey={erased.recovery_key}
            onDone={() => {
              useVaultSession.getState().open(erased);
              done();
            }}
          />
        </div>
      </div>
    );

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <header className="mb-6">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <KeyRound className="size-6 text-accent" aria-hidden /> Reset vault PIN
        </h1>
        <p className="mt-1 text-sm text-fg-muted">
          Nobody, not even Parallax, can open your vault without your PIN or recovery key.{' '}
          <Link to="/vault" className="font-medium text-accent hover:underline">
            Back to the vault
          </Link>
        </p>
      </header>
      <div className="grid gap-5 md:grid-cols-2">
        <section
          aria-labelledby={`${id}-key-title`}
          className="rounded-2xl border border-line bg-surface p-5 shadow-sm"
        >
          <h2 id={`${id}-key-title`} className="text-lg font-semibold">
            With your recovery key
          </h2>
          <p className="mt-1 mb-4 text-sm text-fg-muted">
            Choose a new PIN. Everything in your vault is kept.
          </p>
          <form className="space-y-3" onSubmit={(e) => void resetWithKey(e)} noValidate>
            <div>
              <label htmlFor={`${id}-key`} className="mb-1.5 block text-sm font-medium">
                Recovery key
              </label>
              <Input
                id={`${id}-key`}
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase"
                placeholder="XXXX-XXXX-XXXX-XXXX-…"
                value={recoveryKey}
                onChange={(e) => setRecoveryKey(e.target.value)}
              />
            </div>
            <PinField id={`${id}-pin`} label="New PIN" value={pin} onChange={setPin} />
            <PinField id={`${id}-again`} label="New PIN again" value={again} onChange={setAgain} />
            <FieldError id={`${id}-key-error`} message={keyError} />
            <Button type="submit" className="w-full" loading={busy}>
              Set new PIN
            </Button>
          </form>
        </section>

        <section
          aria-labelledby={`${id}-erase-title`}
          className="rounded-2xl border border-red-300 bg-surface p-5 shadow-sm dark:border-red-900"
        >
          <h2 id={`${id}-erase-title`} className="text-lg font-semibold">
            Without it: erase the vault
          </h2>
          <p className="mt-1 mb-4 flex gap-2 text-sm text-red-700 dark:text-red-300">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              This erases everything in your vault, for good: its chats and notes cannot be
              recovered. Then you choose a new PIN for an empty vault.
            </span>
          </p>
          {!codeSent ? (
            <>
              <FieldError id={`${id}-send-error`} message={eraseError} />
              <Button
                variant="outline"
                className="w-full"
                loading={busy}
                onClick={() => void sendCode()}
              >
                Email me a code
              </Button>
            </>
          ) : (
            <form className="space-y-3" onSubmit={(e) => void erase(e)} noValidate>
              <div>
                <label htmlFor={`${id}-code`} className="mb-1.5 block text-sm font-medium">
                  Code from the email
                </label>
                <Input
                  id={`${id}-code`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.trim())}
                />
              </div>
              <PinField id={`${id}-epin`} label="New PIN" value={erasePin} onChange={setErasePin} />
              <PinField
                id={`${id}-eagain`}
                label="New PIN again"
                value={eraseAgain}
                onChange={setEraseAgain}
              />
              <div>
                <label htmlFor={`${id}-word`} className="mb-1.5 block text-sm font-medium">
                  Type {VAULT_ERASE_WORD} to confirm
                </label>
                <Input
                  id={`${id}-word`}
                  autoComplete="off"
                  value={word}
                  onChange={(e) => setWord(e.target.value)}
                />
              </div>
              <FieldError id={`${id}-erase-error`} message={eraseError} />
              <Button type="submit" variant="danger" className="w-full" loading={busy}>
                Erase the vault and set a new PIN
              </Button>
            </form>
          )}
        </section>
      </div>
    </div>
  );
}
