/**
 * JSON text to a value, or undefined when it is not JSON: the first step of reading a
 * websocket frame, on the server's contract check and the browser's alike. Kept apart from the
 * schemas so the browser can import it without zod.
 */
export function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}
