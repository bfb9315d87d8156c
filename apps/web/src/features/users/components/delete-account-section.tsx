import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Input } from '../../../ui/input';
import { toast } from '../../../ui/toast/toast-store';
import { authErrorMessage, FormAlert, useAuthStore } from '../../auth';
import { deleteAccount } from '../api/delete-account';
import { SettingsSection } from './settings-section';

/** What the person must type to confirm: their own email, so it cannot be done on autopilot. */
export function deletionConfirmed(typed: string, email: string): boolean {
  return typed.trim().toLowerCase() === email.trim().toLowerCase();
}

export function DeleteAccountSection({ email }: { email: string }) {
  const navigate = useNavigate();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmed = deletionConfirmed(typed, email);

  const close = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setTyped('');
      setError(null);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setPending(true);
    setError(null);
    try {
      await deleteAccount();
      // Spec §7: deletion also logs out; the server already ended every session.
      useAuthStore.getState().clearSession();
      toast.success('Account deleted', 'Your account and everything in it are gone.');
      void navigate('/');
    } catch (e) {
      setPending(false);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    }
  };

  return (
    <SettingsSection
      tone="danger"
      title="Delete account"
      description="Permanently removes your account, conversations, projects, favourites, vault and keys. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden /> Delete account
      </Button>
      <Modal
        open={open}
        onOpenChange={close}
        title="Delete your account?"
        description="Everything you keep in Parallax is removed for good."
      >
        <form noValidate onSubmit={(e) => void confirm(e)} className="mt-4 space-y-4">
          {error && <FormAlert>{error}</FormAlert>}
          <div>
            <label htmlFor={inputId} className="mb-1.5 block text-sm">
              Type <span className="font-semibold break-all">{email}</span> to confirm.
            </label>
            <Input
              id={inputId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
            />
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => close(false)} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!confirmed} loading={pending}>
              Delete my account
            </Button>
          </div>
        </form>
      </Modal>
    </SettingsSection>
  );
}
