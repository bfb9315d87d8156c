import type { IsoTimestamp } from './conventions';

/**
 * Share links (migration 0430): a snapshot of a chat or a comparison, found by its token's
 * SHA-256; the token itself is kept sealed (settings key) so only its owner can read it again.
 */
export interface SharesTable {
  id: string;
  token_hash: string;
  token_sealed: string;
  user_id: string;
  /** conversation | comparison */
  kind: string;
  source_id: string;
  title: string;
  /** JSON of the contract's ShareSnapshot. */
  snapshot: string;
  turn_count: number;
  show_owner_name: number;
  include_attachments: number;
  allow_indexing: number;
  reveal_models: number;
  /** never | 1d | 7d | 30d */
  expiry: string;
  expires_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}
