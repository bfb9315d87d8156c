import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button';

const COPIED_FOR_MS = 1_500;

interface CopyButtonProps {
  text: string;
  /** What is copied, for screen readers ("Copy API key"). */
  label: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** Copies `text` and says so for a moment; a refused clipboard leaves the text to select by hand. */
export function CopyButton({
  text,
  label,
  variant = 'outline',
  size = 'sm',
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Insecure context or permission refused: the text stays on screen to select.
    }
  };

  return (
    <button
      type="button"
      onClick={() => void copy()}
      className={buttonClasses(variant, size, className)}
      aria-label={copied ? 'Copied' : label}
    >
      {copied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
    </button>
  );
}
