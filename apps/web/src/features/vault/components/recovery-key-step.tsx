import { KeepItSafe } from '../../../ui/keep-it-safe';

interface RecoveryKeyStepProps {
  recoveryKey: string;
  onDone: () => void;
}

/** The recovery key, shown once: copy or download it, and say it was kept before going on. */
export function RecoveryKeyStep({ recoveryKey, onDone }: RecoveryKeyStepProps) {
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold">Save your recovery key</h2>
        <p className="mt-1 text-sm text-fg-muted">
          If you forget your PIN, this key opens the vault and keeps everything in it. It is shown
          only now: we do not keep it and cannot show it again.
        </p>
      </div>
      <p
        className="rounded-xl border border-line bg-surface-2 px-4 py-3 text-center font-mono text-base font-semibold tracking-wider break-all select-all"
        aria-label="Recovery key"
        data-testid="recovery-key"
      >
        {recoveryKey}
      </p>
      <KeepItSafe
        text={recoveryKey}
        copyLabel="Copy recovery key"
        file={{
          name: 'parallax-vault-recovery-key.txt',
          content: `Parallax vault recovery key\n\n${recoveryKey}\n\nIt resets your vault PIN and keeps the contents. Keep it somewhere safe, away from this device.\n`,
        }}
        keptLabel="I kept my recovery key somewhere safe."
        doneLabel="Open my vault"
        onDone={onDone}
        wideDone
      />
    </div>
  );
}
