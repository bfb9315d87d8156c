import { API_KEY_NAME_MAX, type ApiKey } from '@parallax/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button, buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input } from '../../../ui/input';

interface RenameKeyDialogProps {
  apiKey: ApiKey | null;
  onCancel: () => void;
  onRename: (key: ApiKey, name: string) => Promise<void>;
}

/** Open while `apiKey` is set; the name field starts with the current name. */
export function RenameKeyDialog({ apiKey, onCancel, onRename }: RenameKeyDialogProps) {
  return (
    <Modal
      open={apiKey !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Rename API key"
    >
      {apiKey && (
        <RenameForm key={apiKey.id} apiKey={apiKey} onCancel={onCancel} onRename={onRename} />
      )}
    </Modal>
  );
}

function RenameForm({
  apiKey,
  onCancel,
  onRename,
}: {
  apiKey: ApiKey;
  onCancel: () => void;
  onRename: RenameKeyDialogProps['onRename'];
}) {
  const id = useId();
  const [name, setName] = useState(apiKey.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Give the key a name.');
    setSaving(true);
    try {
      await onRename(apiKey, name.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not rename the key.');
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <div>
        <label htmlFor={`${id}-name`} className="mb-1.5 block text-sm font-medium">
          Name
        </label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={API_KEY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          autoFocus
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
          Cancel
        </button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
