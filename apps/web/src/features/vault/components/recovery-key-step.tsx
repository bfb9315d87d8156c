import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { saveBlob } from '../../../lib/save-blob';
import { Button } from '../../../ui/button';
import { CopyButton } from '../../../ui/copy-button';

interface RecoveryKeyStepProps {
  recoveryKey: string;
  onDone: () => void;
}

/** The recovery key, shown once: copy or download it, and say it was kept before going on. */
export function RecoveryKeyStep({ recoveryKey, onDone }: RecoveryKeyStepProps) {
  const id = useId();
  const [kept, setKept] = useState(false);
  const download = () =>
    saveBlob(
      new Blob(
        [
          `Parallax vault recovery key\n\n${recoveryKey}\n\nIt resets your vault PIN and keeps the contents. Keep it somewhere safe, away from this device.\n`,
        ],
        { type: 'text/plain' },
      ),
      'parallax-vault-recovery-key.txt',
    );
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
      <div className="flex flex-wrap gap-2">
        <CopyButton text={recoveryKey} label="Copy recovery key" />
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="size-4" aria-hidden /> Download
        </Button>
      </div>
      <label htmlFor={`${id}-kept`} className="flex items-start gap-2 text-sm">
        <input
          id={`${id}-kept`}
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 accent-accent"
          checked={kept}
          onChange={(e) => setKept(e.target.checked)}
        />
        I kept my recovery key somewhere safe.
      </label>
      <Button className="w-full" disabled={!kept} onClick={onDone}>
        Open my vault
      </Button>
    </div>
  );
}
