/**
 * What an uploaded file really is, from its bytes (never from the client's claim): the images
 * models read, or UTF-8 text. Anything else is refused.
 */
export type SniffedType = { contentType: string; kind: 'image' | 'text' };

const IMAGE_SIGNATURES: readonly { type: string; test: (b: Uint8Array) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { type: 'image/jpeg', test: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { type: 'image/gif', test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { type: 'image/webp', test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
];

const TEXT_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  html: 'text/plain',
  htm: 'text/plain',
  svg: 'text/plain',
};

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((value, i) => bytes[i] === value);
}

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  return [...text].every((char, i) => bytes[offset + i] === char.charCodeAt(0));
}

/** UTF-8 without NUL bytes: what counts as a text file here and for project knowledge. */
export function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Markup (HTML, SVG) is stored as text/plain: served back it must never render in the
 * app's origin, whatever the client claimed.
 */
export function sniffFile(bytes: Uint8Array, filename: string): SniffedType | null {
  const image = IMAGE_SIGNATURES.find((s) => s.test(bytes));
  if (image) return { contentType: image.type, kind: 'image' };
  if (!isUtf8Text(bytes)) return null;
  const extension = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
  return { contentType: TEXT_TYPES_BY_EXTENSION[extension] ?? 'text/plain', kind: 'text' };
}
