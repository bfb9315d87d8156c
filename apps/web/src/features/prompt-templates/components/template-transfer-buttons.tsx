import type { PromptTemplateExport } from '@parallax/contract';
import { Download, Upload } from 'lucide-react';
import { useRef } from 'react';
import { saveBlob } from '../../../lib/save-blob';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { exportTemplates, importTemplates } from '../api/import-export';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** Export of one's own templates to a JSON file, and import of such a file (all or nothing). */
export function TemplateTransferButtons({ onImported }: { onImported: () => void }) {
  const input = useRef<HTMLInputElement>(null);

  const download = async () => {
    try {
      const file = await exportTemplates();
      saveBlob(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
        'prompt-templates.json',
      );
    } catch (error) {
      toast.error('Could not export your templates', reason(error));
    }
  };

  const upload = async (file: File) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      toast.error('Could not import', `${file.name} is not a JSON file.`);
      return;
    }
    try {
      const { imported } = await importTemplates(parsed as PromptTemplateExport);
      toast.success(imported === 1 ? 'Imported 1 template' : `Imported ${imported} templates`);
      onImported();
    } catch (error) {
      toast.error('Could not import', reason(error));
    }
  };

  return (
    <>
      <Button variant="outline" onClick={() => input.current?.click()}>
        <Upload className="size-4" aria-hidden /> Import
      </Button>
      <Button variant="outline" onClick={() => void download()}>
        <Download className="size-4" aria-hidden /> Export
      </Button>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        hidden
        data-testid="template-import-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
    </>
  );
}
