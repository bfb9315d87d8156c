/**
 * Splitting a file's text into the pieces retrieval ranks and the model reads. A chunk of
 * about 1,200 characters (~300 tokens) is small enough that several fit beside a long chat
 * and large enough to hold a paragraph with its point; the 200-character overlap keeps a
 * sentence cut at a boundary whole in one of the two chunks.
 */
export const CHUNK_CHARS = 1_200;
export const CHUNK_OVERLAP_CHARS = 200;

export interface TextChunk {
  /** 0-based order in the file. */
  position: number;
  text: string;
}

/** Where to end a chunk: the last paragraph, line, sentence or word break in its second half. */
function breakBefore(text: string, start: number, hardEnd: number): number {
  if (hardEnd >= text.length) return text.length;
  const window = text.slice(start, hardEnd);
  const minimum = Math.floor(window.length / 2);
  for (const separator of ['\n\n', '\n', '. ', ' ']) {
    const at = window.lastIndexOf(separator);
    if (at >= minimum) return start + at + separator.length;
  }
  return hardEnd;
}

/** The next chunk starts `overlap` before this one's end, at the start of a word. */
function nextStart(text: string, end: number, previousStart: number, overlap: number): number {
  let at = Math.max(end - overlap, previousStart + 1);
  while (at < end && !/\s/.test(text[at - 1] ?? ' ')) at += 1;
  return at;
}

export function chunkText(
  raw: string,
  size: number = CHUNK_CHARS,
  overlap: number = CHUNK_OVERLAP_CHARS,
): TextChunk[] {
  // Runs of blank lines and trailing spaces carry nothing for the model or the index.
  const text = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const chunks: TextChunk[] = [];
  let start = 0;
  while (start < text.length) {
    const end = breakBefore(text, start, start + size);
    const piece = text.slice(start, end).trim();
    if (piece.length > 0) chunks.push({ position: chunks.length, text: piece });
    if (end >= text.length) break;
    start = nextStart(text, end, start, overlap);
  }
  return chunks;
}
