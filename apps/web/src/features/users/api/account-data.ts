import { type ImportResponse } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';

/** GET /users/me/export: saves every chat, project and favourite flag, with attachments, as a zip. */
export async function exportAccount(): Promise<void> {
  const res = await http.get<Blob>('/users/me/export', { responseType: 'blob', timeout: 300_000 });
  saveBlob(res.data, `parallax-export-${new Date().toISOString().slice(0, 10)}.zip`);
}

/** POST /users/me/import: a Parallax export (JSON or zip) or ChatGPT's conversations.json. */
export async function importAccount(file: File): Promise<ImportResponse> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await http.post<unknown>('/users/me/import', form, { timeout: 300_000 });
  return parseWire('ImportResponse', res.data);
}
