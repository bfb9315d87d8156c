import type { IsoTimestamp } from './conventions';

/** Migration 0380: AI management → Tools (one row, id 'default'). */
export interface ToolSettingsTable {
  id: string;
  /** 'searxng' | 'brave' | 'tavily'; null: no web search. */
  web_search_provider: string | null;
  web_search_base_url: string | null;
  web_search_api_key_sealed: string | null;
  web_search_api_key_last4: string | null;
  max_steps: number;
  tool_timeout_seconds: number;
  updated_by: string | null;
  updated_at: IsoTimestamp;
}

/** Migration 0380: the built-in tools a plan may use (no row: both). */
export interface ToolPlanAccessTable {
  plan_id: string;
  web_search: number;
  read_page: number;
  updated_at: IsoTimestamp;
}
