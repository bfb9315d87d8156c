import type { IsoTimestamp } from './conventions';

// Personal API keys, their usage and calls.

/** Personal API keys (migration 0090). Only the secret's hash is kept. */
export interface ApiKeysTable {
  id: string;
  user_id: string;
  name: string;
  secret_hash: string;
  prefix: string;
  last_four: string;
  /** JSON array of registry ids; null: every model. */
  allowed_models: string | null;
  /** bigint: a string from pg. */
  monthly_token_budget: number | string | null;
  requests_per_minute: number | null;
  rate_window: string | null;
  rate_count: number;
  expires_at: IsoTimestamp | null;
  revoked_at: IsoTimestamp | null;
  last_used_at: IsoTimestamp | null;
  created_at: IsoTimestamp;
}

/** A key's calls and tokens per UTC day. */
export interface ApiKeyUsageTable {
  key_id: string;
  day: string;
  requests: number;
  input_tokens: number | string;
  output_tokens: number | string;
}

/** One public API call. */
export interface ApiCallsTable {
  id: string;
  key_id: string;
  user_id: string;
  model: string;
  stream: number;
  status: number;
  outcome: string;
  input_tokens: number;
  output_tokens: number;
  latency_ms: number;
  created_at: IsoTimestamp;
}
