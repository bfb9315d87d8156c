import { vaultPinProblem } from '@parallax/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError } from '../../../ui/input';
import { toast } from '../../../ui/toast/toast-store';
import { changeVaultPin } from '../api/vault-pin-calls';
import { vaultErrorText } from '../hooks/error-text';
import { PinField } from './pin-field';

/** A new PIN, given the current one; other devices' sessions end (a new one opens here). */
export function ChangePinDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const id = useId();
  const [current, setCurrent] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setCurrent('');
    setPin('');
    setAgain('');
    setError(null);
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem =
      current === ''
        ? 'Enter your current PIN.'
        : (vaultPinProblem(pin) ?? (pin === again ? null : 'The two new PINs differ.'));
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await changeVaultPin({ current_pin: current, new_pin: pin });
      toast.success('PIN changed. Other devices must unlock with the new one.');
      onClose();
    } catch (err) {
      setError(vaultErrorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Change PIN"
      description="Your recovery key stays the same, and so does everything in the vault."
    >
      <form className="mt-4 space-y-3" onSubmit={(e) => void submit(e)} noValidate>
        <PinField id={`${id}-current`} label="Current PIN" value={current} onChange={setCurrent} />
        <PinField id={`${id}-new`} label="New PIN" value={pin} onChange={setPin} />
        <PinField id={`${id}-again`} label="New PIN again" value={again} onChange={setAgain} />
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Change PIN
          </Button>
        </div>
      </form>
    </Modal>
  );
}
