import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { saveBlob } from '../../../../lib/save-blob';
import { Button } from '../../../../ui/button';
import { CopyButton } from '../../../../ui/copy-button';

/** The recovery codes, shown once: copy or download them, and say they were kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const id = useId();
  const [kept, setKept] = useState(false);
  const text = codes.join('\n');
  const download = () =>
    saveBlob(
      new Blob(
        [
          `Parallax two-factor recovery codes\n\n${text}\n\nEach code signs you in once when your authenticator app is not at hand. Keep them somewhere safe, away from your phone.\n`,
        ],
        { type: 'text/plain' },
      ),
      'parallax-recovery-codes.txt',
    );
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-fg-muted">
          If you lose your phone, each of these codes signs you in once. They are shown only now: we
          keep them only in a form nobody can read back.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-xl border border-line bg-surface-2 px-4 py-3 font-mono text-sm tracking-wide select-all min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy recovery codes" />
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
        I kept my recovery codes somewhere safe.
      </label>
      <div className="flex justify-end">
        <Button disabled={!kept} onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
