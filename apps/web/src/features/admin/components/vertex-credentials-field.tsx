import type { ProviderSettings } from '@parallax/contract';
import { useRef } from 'react';
import { Button } from '../../../ui/button';
import { Textarea } from '../../../ui/input';

/** What the console knows of the Vertex key: never the key itself, only where it comes from. */
function currentKey(settings: ProviderSettings): string {
  if (settings.vertex_credentials_source === 'admin')
    return `Set (${settings.vertex_credentials_email ?? 'service account'})`;
  if (settings.vertex_credentials_source === 'env')
    return 'From the environment (GOOGLE_APPLICATION_CREDENTIALS)';
  return 'Not set';
}

/**
 * The Vertex service-account JSON key: pasted or read from a .json file, write-only (the
 * server returns only its client_email). Sent with the card's Save; removed on its own.
 */
export function VertexCredentialsField({
  id,
  settings,
  value,
  onChange,
  saving,
  onRemove,
}: {
  id: string;
  settings: ProviderSettings;
  value: string;
  onChange: (value: string) => void;
  saving: boolean;
  onRemove: () => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const readFile = async (file: File | undefined) => {
    if (file) onChange(await file.text());
    if (fileInput.current) fileInput.current.value = '';
  };
  return (
    <div>
      <label htmlFor={`${id}-credentials`} className="mb-1 block text-sm font-medium">
        Service-account JSON key
      </label>
      <p id={`${id}-credentials-state`} className="mb-1 text-sm break-words">
        {currentKey(settings)}
      </p>
      <Textarea
        id={`${id}-credentials`}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        className="font-mono text-xs"
        aria-describedby={`${id}-credentials-state`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={
          settings.vertex_credentials_set
            ? 'Paste a new key to replace it'
            : 'Paste the service account’s JSON key'
        }
      />
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <input
          ref={fileInput}
          id={`${id}-credentials-file`}
          type="file"
          accept="application/json,.json"
          aria-label="Service-account JSON key file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => void readFile(event.target.files?.[0])}
        />
        <Button
          type="button"
          variant="outline"
          disabled={saving}
          onClick={() => fileInput.current?.click()}
        >
          Read a .json file
        </Button>
        {settings.vertex_credentials_source === 'admin' && (
          <Button type="button" variant="ghost" disabled={saving} onClick={onRemove}>
            Remove key
          </Button>
        )}
      </div>
    </div>
  );
}
