import { extractText, getDocumentProxy } from 'unpdf';
import { isUtf8Text } from '../attachments';

/**
 * What a knowledge file is, from its bytes, and its text. Upload refuses what is neither PDF
 * nor UTF-8 text before anything is stored; a PDF that turns out unreadable fails at indexing,
 * with the reason on the file.
 */
export type KnowledgeKind = 'pdf' | 'text';

const PDF_MAGIC = '%PDF-';

/** Thrown by extraction with a reason the user can act on; shown on the failed file. */
export class ExtractionError extends Error {
  override readonly name = 'ExtractionError';
}

export function knowledgeKindOf(bytes: Uint8Array): KnowledgeKind | null {
  // Only a file that opens with the PDF header: a text file that merely mentions it stays text.
  if (Buffer.from(bytes.subarray(0, 16)).toString('latin1').trimStart().startsWith(PDF_MAGIC))
    return 'pdf';
  return isUtf8Text(bytes) ? 'text' : null;
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  let pages: string[];
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    // verbosity 0: pdf.js would otherwise print its recovery warnings to stderr.
    const document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
    pages = (await extractText(document, { mergePages: false })).text;
  } catch (error) {
    const detail =
      error instanceof Error && error.name === 'PasswordException'
        ? ' It is password-protected.'
        : '';
    throw new ExtractionError(`The PDF could not be read.${detail}`);
  }
  const text = pages.join('\n\n');
  if (text.trim().length === 0)
    throw new ExtractionError('The PDF has no text layer (scanned pages are not read).');
  return text;
}

export async function extractKnowledgeText(
  bytes: Uint8Array,
  kind: KnowledgeKind,
): Promise<string> {
  if (kind === 'pdf') return pdfText(bytes);
  const text = new TextDecoder('utf-8').decode(bytes);
  if (text.trim().length === 0) throw new ExtractionError('The file holds no text.');
  return text;
}
