import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { saveBlob } from '../lib/save-blob';
import { Button } from './button';
import { CopyButton } from './copy-button';

interface KeepItSafeProps {
  /** What Copy puts on the clipboard. */
  text: string;
  copyLabel: string;
  /** The text file Download saves: the secret with a line on what it is for. */
  file: { name: string; content: string };
  /** The checkbox's sentence: "I kept my … somewhere safe." */
  keptLabel: string;
  doneLabel: string;
  onDone: () => void;
  /** The done button across the whole width (a wizard's last step) rather than at the end. */
  wideDone?: boolean;
}

/**
 * Below a secret shown only once (recovery codes, a recovery key): copy, download, and a box
 * to tick that it was kept, which the done button waits for.
 */
export function KeepItSafe({
  text,
  copyLabel,
  file,
  keptLabel,
  doneLabel,
  onDone,
  wideDone = false,
}: KeepItSafeProps) {
  const id = useId();
  const [kept, setKept] = useState(false);
  const download = () => saveBlob(new Blob([file.content], { type: 'text/plain' }), file.name);
  const done = (
    <Button className={wideDone ? 'w-full' : undefined} disabled={!kept} onClick={onDone}>
      {doneLabel}
    </Button>
  );
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={copyLabel} />
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
        {keptLabel}
      </label>
      {wideDone ? done : <div className="flex justify-end">{done}</div>}
    </>
  );
}
