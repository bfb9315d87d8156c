import { Check, Copy, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Tooltip } from '../../../ui/tooltip';

interface ActionButtonProps {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  /** Shown on hover and focus instead of the label when there is more to say. */
  tooltip?: string | undefined;
}

export function ActionButton({ icon: Icon, label, onClick, tooltip }: ActionButtonProps) {
  return (
    <Tooltip content={tooltip ?? label}>
      <button
        type="button"
        aria-label={label}
        onClick={onClick}
        className="grid size-7 place-items-center rounded-md text-fg-subtle hover:bg-surface-2 hover:text-fg"
      >
        <Icon className="size-3.5" aria-hidden />
      </button>
    </Tooltip>
  );
}

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <ActionButton
      icon={copied ? Check : Copy}
      label={copied ? 'Copied' : 'Copy'}
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1_500);
          },
          () => undefined,
        )
      }
    />
  );
}
