import type {
  PromptTemplateExport,
  PromptTemplateExportFile,
  PromptTemplateImportResponse,
} from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** GET /prompt-templates/export: the caller's own templates. */
export async function exportTemplates(): Promise<PromptTemplateExportFile> {
  const res = await http.get<unknown>('/prompt-templates/export');
  return parseWire('PromptTemplateExportFile', res.data);
}

/** POST /prompt-templates/import: all or nothing. */
export async function importTemplates(
  file: PromptTemplateExport,
): Promise<PromptTemplateImportResponse> {
  const res = await http.post<unknown>('/prompt-templates/import', file);
  return parseWire('PromptTemplateImportResponse', res.data);
}
