/**
 * How deeply arrays and objects may nest in JSON we accept (request bodies, websocket frames).
 * No payload of ours comes near it; a value nested deeper only exists to exhaust the stack of
 * whatever walks it recursively, so it is refused before it is parsed.
 */
export const JSON_MAX_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * True when brackets outside strings nest deeper than `maxDepth`. One pass, no recursion and
 * no parse: it only looks at structure, so malformed text is left for the parser to refuse.
 */
export function jsonNestsDeeperThan(text: string, maxDepth: number = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === BACKSLASH) i += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * JSON text to a value, or undefined when it is not JSON or nests deeper than JSON_MAX_DEPTH:
 * the first step of reading a websocket frame, on the server's contract check and the
 * browser's alike. Kept apart from the schemas so the browser can import it without zod.
 */
export function parseJson(raw: string): unknown {
  if (jsonNestsDeeperThan(raw)) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
