import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { CopyButton } from '../../../ui/copy-button';

interface SecretDialogProps {
  /** The new key's secret; the dialog is open while it is set. */
  secret: string | null;
  name: string;
  onDone: () => void;
}

/** The one time a key's secret is shown. Closing it forgets the secret for good. */
export function SecretDialog({ secret, name, onDone }: SecretDialogProps) {
  return (
    <Modal
      open={secret !== null}
      onOpenChange={(open) => !open && onDone()}
      title={`Copy your key “${name}”`}
      description="This is the only time it is shown. Keep it somewhere safe, such as a password manager or an environment variable."
    >
      <div className="mt-4 space-y-4">
        <div className="flex flex-col gap-2 rounded-xl border border-line bg-surface-2 p-3 sm:flex-row sm:items-center">
          <code
            data-testid="api-key-secret"
            className="min-w-0 flex-1 font-mono text-sm break-all select-all"
          >
            {secret}
          </code>
          <CopyButton text={secret ?? ''} label="Copy API key" variant="primary" />
        </div>
        <p className="flex gap-2 text-sm text-fg-muted">
          <TriangleAlert
            className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400"
            aria-hidden
          />
          If you lose it, revoke it and create a new one: we keep only a fingerprint of it.
        </p>
        <div className="flex justify-end">
          <button type="button" className={buttonClasses('primary')} onClick={onDone}>
            I have copied it
          </button>
        </div>
      </div>
    </Modal>
  );
}
