import { DATA_TRANSFER_LIMITS } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { buttonClasses } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { exportAccount, importAccount } from '../api/account-data';
import { importSummary } from './import-summary';
import { SettingsSection } from './settings-section';

const MAX_MB = DATA_TRANSFER_LIMITS.importMaxBytes / 1024 / 1024;
const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/** Download all of the account's data, or bring chats in from an export (ours or ChatGPT's). */
export function AccountDataSection() {
  const [busy, setBusy] = useState<'export' | 'import' | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  const runExport = async () => {
    setBusy('export');
    try {
      await exportAccount();
    } catch (error) {
      toast.error('Could not export your data', reason(error));
    } finally {
      setBusy(null);
    }
  };

  const runImport = async (file: File) => {
    setBusy('import');
    setResult(null);
    try {
      const done = await importAccount(file);
      setResult(importSummary(done));
      // An import reaches chats, projects, presets, memories, instructions and model stars:
      // whatever of them is on screen is read again.
      void queryClient.invalidateQueries();
    } catch (error) {
      toast.error('Nothing was imported', reason(error));
    } finally {
      setBusy(null);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <SettingsSection
      title="Your data"
      description="Export every chat, project and favourite with their attachments, and your presets, custom instructions, memories and starred models, as a zip, or import from a Parallax export or ChatGPT’s conversations.json."
    >
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClasses('outline')}
          disabled={busy !== null}
          onClick={() => void runExport()}
        >
          <Download className="size-4" aria-hidden />{' '}
          {busy === 'export' ? 'Preparing…' : 'Export all data'}
        </button>
        <button
          type="button"
          className={buttonClasses('outline')}
          disabled={busy !== null}
          onClick={() => fileInput.current?.click()}
        >
          <Upload className="size-4" aria-hidden />{' '}
          {busy === 'import' ? 'Importing…' : 'Import chats'}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,.zip,application/json,application/zip"
          className="sr-only"
          aria-label="Export file to import"
          tabIndex={-1}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void runImport(file);
          }}
        />
      </div>
      <p className="mt-3 text-xs text-fg-muted">
        Files up to {MAX_MB} MB. An import adds to your account and never changes what is there; a
        file with any error imports nothing.
      </p>
      {result && (
        <p role="status" className="mt-3 text-sm font-medium text-green-700 dark:text-green-400">
          {result}
        </p>
      )}
    </SettingsSection>
  );
}
