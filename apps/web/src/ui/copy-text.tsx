import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClasses } from './button';

/** Copies `text` and says so for a moment; a refused clipboard leaves the text to select. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1_500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Insecure context or permission refused: the key stays on screen to select.
    }
  };
  return (
    <button type="button" className={buttonClasses('outline', 'sm')} onClick={() => void copy()}>
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
      <span className="sr-only">{label}</span>
    </button>
  );
}
