import { VISITOR_ID_PATTERN, VISITOR_ID_PREFIX } from '@parallax/contract';

export const VISITOR_ID_STORAGE_KEY = 'visitor_id';

// Kept when storage is unavailable (private mode, blocked cookies) so one tab stays one visitor.
let memoryId: string | null = null;

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function generateVisitorId(): string {
  return `${VISITOR_ID_PREFIX}${randomHex(16)}`;
}

/** The visitor id of spec §1; a missing or malformed stored id is replaced. */
export function getVisitorId(storage: Storage | undefined = globalThis.localStorage): string {
  try {
    const stored = storage?.getItem(VISITOR_ID_STORAGE_KEY);
    if (stored && VISITOR_ID_PATTERN.test(stored)) return stored;
    const fresh = generateVisitorId();
    storage?.setItem(VISITOR_ID_STORAGE_KEY, fresh);
    return fresh;
  } catch {
    memoryId ??= generateVisitorId();
    return memoryId;
  }
}
