import { AppError } from '../../infra/errors';

/**
 * Search pages are ranked, so a cursor is the number of hits already shown. Paging stops at
 * SEARCH_MAX_OFFSET: ranking a page skips every hit before it, and nobody reads 1,000 hits.
 */
export const SEARCH_MAX_OFFSET = 1_000;

export function encodeSearchCursor(offset: number): string | null {
  if (offset >= SEARCH_MAX_OFFSET) return null;
  return Buffer.from(`o${offset}`, 'utf8').toString('base64url');
}

export function decodeSearchCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = /^o(\d{1,5})$/.exec(text)?.[1];
  const value = offset === undefined ? NaN : Number(offset);
  if (!Number.isInteger(value) || value > SEARCH_MAX_OFFSET)
    throw new AppError(
      'validation_error',
      'cursor: not a cursor this search gave out. Search again.',
    );
  return value;
}
