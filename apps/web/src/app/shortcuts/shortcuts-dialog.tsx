import { Kbd } from '../../ui/kbd';
import { Modal } from '../../ui/dialog';
import { SHORTCUTS } from './keyboard-shortcuts';

/** The "?" dialog: every keyboard shortcut the app answers to. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" showClose>
      <dl className="mt-3 divide-y divide-line border-t border-line text-sm">
        {SHORTCUTS.map(({ keys, action }) => (
          <div key={action} className="flex items-center justify-between gap-4 py-2.5">
            <dt className="text-fg-muted">{action}</dt>
            <dd className="flex shrink-0 items-center gap-1">
              {keys.map((k) => (
                <Kbd key={k}>{k}</Kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
