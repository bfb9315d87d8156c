import type { StoredField, StoredForm } from '../chat';
import { open, openText, seal, sealText } from './vault-crypto';

/**
 * Associated data per text: a sealed text copied onto another row or column does not open. A
 * comparison's title is sealed under its session's id.
 */
export const aad = {
  title: (id: string) => `conversation:${id}:title`,
  content: (id: string) => `message:${id}:content`,
  response: (id: string) => `message:${id}:response`,
  toolCalls: (id: string) => `message:${id}:tool_calls`,
  citations: (id: string) => `message:${id}:citations`,
  filename: (id: string) => `attachment:${id}:filename`,
  file: (id: string) => `attachment:${id}:data`,
  comparison: (id: string) => `comparison:${id}:title`,
};

const FIELD_AAD: Record<StoredField, (id: string) => string> = {
  title: aad.title,
  content: aad.content,
  response: aad.response,
  filename: aad.filename,
  tool_calls: aad.toolCalls,
  citations: aad.citations,
};

/**
 * A vault turn's stored form: every text and file sealed with AES-256-GCM under the vault key
 * (a fresh nonce per write). The key lives only in the request and the running generation.
 */
export function sealedForm(key: Buffer): StoredForm {
  return {
    sealed: true,
    seal: (field, id, text) => sealText(key, text, FIELD_AAD[field](id)),
    open: (field, id, stored) => openText(key, stored, FIELD_AAD[field](id)),
    sealFile: (id, data) => Buffer.from(seal(key, data, aad.file(id)), 'latin1'),
    openFile: (id, stored) => open(key, stored.toString('latin1'), aad.file(id)),
  };
}
