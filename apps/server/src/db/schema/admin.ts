import type { Generated } from 'kysely';
import type { IsoTimestamp } from './conventions';

// The admin console's tables: the model registry, provider settings, feature flags, the audit log.

/** One admin action (migration 0180): who, what, on what, before/after without secrets. */
export interface AuditLogTable {
  id: string;
  actor_id: string;
  actor_email: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before: string | null;
  after: string | null;
  request_id: string;
  created_at: IsoTimestamp;
}

/** A feature flag an admin has set (migration 0210); without a row the contract's default holds. */
export interface FeatureFlagsTable {
  name: string;
  enabled: number;
  /** The admin's user id. */
  updated_by: string;
  updated_at: IsoTimestamp;
}

/** A provider's settings from the admin console; unset columns fall back to the env. */
export interface ProviderSettingsTable {
  provider: string;
  enabled: number;
  api_key_sealed: string | null;
  api_key_last4: string | null;
  base_url: string | null;
  vertex_project: string | null;
  vertex_location: string | null;
  /** Migration 0185: the service-account JSON key, sealed; its client_email as the hint. */
  vertex_credentials_sealed: string | null;
  vertex_credentials_email: string | null;
  updated_by: string | null;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** Migration 0370: whether a provider's upstream answers (see provider-health.service.ts). */
export interface ProviderHealthTable {
  provider: string;
  /** 'reachable' | 'unreachable' (no row: unknown). */
  state: string;
  code: string | null;
  reason: string | null;
  checked_at: IsoTimestamp | null;
  /** Connection-level failures since the last call that reached the upstream. */
  consecutive_failures: number;
  /** When the probe is next due; moved forward by whichever process claims it. */
  next_probe_at: IsoTimestamp | null;
  updated_at: IsoTimestamp;
}

/** The model registry (migration 0005). Booleans are 0/1; prices in USD per million tokens. */
export interface ModelsTable {
  id: string;
  /** One of the contract's PROVIDERS. */
  provider: string;
  /** The provider's own model name, sent upstream. */
  model: string;
  friendly_name: string;
  context_window: number;
  input_price_per_million: number;
  output_price_per_million: number;
  supports_vision: number;
  /** The offline demo model, answered by the in-process provider-sim. */
  is_demo: number;
  /** 0 hides the model everywhere (the admin area switches it). */
  enabled: number;
  sort_order: number;
  /** 1 on the one model the picker starts with (migration 0180). */
  is_default: Generated<number>;
  /** One line for the picker (migration 0330); empty when nobody wrote one. */
  description: Generated<string>;
  created_at: IsoTimestamp;
  updated_at: IsoTimestamp;
}

/** A model an account starred in the picker (migration 0330). */
export interface ModelFavouritesTable {
  user_id: string;
  model_id: string;
  created_at: IsoTimestamp;
}

/** The model that names new chats (migration 0331): one row, id 1; NULL model: first words. */
export interface ChatTitleSettingsTable {
  id: number;
  model_id: string | null;
  updated_by: string | null;
  updated_at: IsoTimestamp;
}
