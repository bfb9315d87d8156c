import { randomUUID } from 'node:crypto';
import type { ResolvedModel } from '../../models/models.service';
import type { NewMessageRow } from '../messages.repository';

/** What a new turn's row is made of; its text already in the turn's stored form. */
export interface NewTurn {
  id: string;
  conversationId: string;
  comparisonId: string | null;
  content: string;
  model: ResolvedModel;
  includeHistory: boolean;
  /** The process that runs its generation. */
  processId: string;
  parentId: string | null;
  /** The instructions version a source pinned (the generator's), or null. */
  pinnedVersion: number | null;
  chargedDay: string | null;
  now: string;
}

/** The one place a new turn's row is written out, waiting to be answered. */
export function newTurnRow(turn: NewTurn): NewMessageRow {
  const { info } = turn.model;
  return {
    id: turn.id,
    conversation_id: turn.conversationId,
    comparison_id: turn.comparisonId,
    content: turn.content,
    response: null,
    provider: info.provider,
    model: info.id,
    model_friendly_name: info.friendly_name,
    status: 'pending',
    input_tokens: null,
    output_tokens: null,
    error: null,
    error_code: null,
    request_id: randomUUID(),
    include_history: turn.includeHistory ? 1 : 0,
    owner_process: turn.processId,
    charged_day: turn.chargedDay,
    created_at: turn.now,
    updated_at: turn.now,
    ttft_ms: null,
    stream_ms: null,
    parent_id: turn.parentId,
    chosen_at: turn.now,
    sources: null,
    generator_instructions_version: turn.pinnedVersion,
    finish_reason: null,
    tool_calls: null,
    citations: null,
  };
}
