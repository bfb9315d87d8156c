import {
  PROVIDERS,
  type CompareAnswer,
  type ComparePanel,
  type CompareSession,
  type CompareSessionSummary,
  type CompareTurn,
  type CompareVoteChoice,
  type MessageStatus,
  type Provider,
} from '@parallax/contract';
import { toolRecordOf } from '../chat';
import type {
  ModelRow,
  PanelMessageRow,
  PanelRow,
  SessionRow,
  VoteRow,
} from './compare.repository';

const BLIND_LETTERS = 'ABCDEF';

/** A session hides its models while it is blind and nobody has voted yet. */
export function isHidden(session: SessionRow): boolean {
  return session.blind === 1 && session.revealed_at === null;
}

export function blindLabel(position: number): string {
  return `Model ${BLIND_LETTERS.charAt(position) || String(position + 1)}`;
}

function providerOf(value: string | undefined): Provider | null {
  return value !== undefined && (PROVIDERS as readonly string[]).includes(value)
    ? (value as Provider)
    : null;
}

function statusOf(value: string): MessageStatus {
  return value === 'pending' ||
    value === 'streaming' ||
    value === 'completed' ||
    value === 'cancelled'
    ? value
    : 'error';
}

export function tokensPerSecond(
  row: Pick<PanelMessageRow, 'output_tokens' | 'stream_ms'>,
): number | null {
  const tokens = row.output_tokens === null ? null : Number(row.output_tokens);
  const ms = row.stream_ms === null ? null : Number(row.stream_ms);
  if (tokens === null || ms === null || ms <= 0) return null;
  return tokens / (ms / 1000);
}

export function costUsd(
  row: Pick<PanelMessageRow, 'input_tokens' | 'output_tokens'>,
  model: ModelRow | undefined,
): number | null {
  if (!model || (row.input_tokens === null && row.output_tokens === null)) return null;
  return (
    (Number(row.input_tokens ?? 0) * Number(model.input_price_per_million) +
      Number(row.output_tokens ?? 0) * Number(model.output_price_per_million)) /
    1_000_000
  );
}

export function voteChoice(vote: VoteRow): CompareVoteChoice {
  if (vote.outcome === 'tie' || vote.outcome === 'all_bad') return vote.outcome;
  return Number(vote.winner_position ?? 0);
}

export function panelLabels(
  session: SessionRow,
  panels: readonly PanelRow[],
  models: ReadonlyMap<string, ModelRow>,
): string[] {
  const hidden = isHidden(session);
  return panels.map((panel) =>
    hidden ? blindLabel(panel.position) : (models.get(panel.model)?.friendly_name ?? panel.model),
  );
}

export function toSummary(
  session: SessionRow,
  panels: readonly PanelRow[],
  models: ReadonlyMap<string, ModelRow>,
  turnCount: number,
  isFavourite: boolean,
): CompareSessionSummary {
  return {
    id: session.id,
    title: session.title,
    blind: session.blind === 1,
    revealed: !isHidden(session),
    panel_labels: panelLabels(session, panels, models),
    turn_count: turnCount,
    is_favourite: isFavourite,
    created_at: session.created_at,
    updated_at: session.updated_at,
  };
}

/** Groups each panel's messages (its conversation) into turns: the n-th message of every panel. */
export function threadsOf(
  panels: readonly PanelRow[],
  messages: readonly PanelMessageRow[],
): PanelMessageRow[][] {
  return panels.map((panel) => messages.filter((m) => m.conversation_id === panel.conversation_id));
}

/** The whole session; in a hidden session nothing that names or prices a model leaves. */
export function toSession(
  session: SessionRow,
  panels: readonly PanelRow[],
  messages: readonly PanelMessageRow[],
  votes: readonly VoteRow[],
  models: ReadonlyMap<string, ModelRow>,
  isFavourite: boolean,
): CompareSession {
  const hidden = isHidden(session);
  const threads = threadsOf(panels, messages);
  const turnCount = Math.max(0, ...threads.map((t) => t.length));
  const labels = panelLabels(session, panels, models);
  const comparePanels: ComparePanel[] = panels.map((panel, i) => {
    const model = models.get(panel.model);
    return {
      index: panel.position,
      label: labels[i] ?? blindLabel(panel.position),
      model: hidden ? null : panel.model,
      provider: hidden ? null : providerOf(model?.provider),
      model_friendly_name: hidden ? null : (model?.friendly_name ?? panel.model),
      input_price_per_million: hidden || !model ? null : Number(model.input_price_per_million),
      output_price_per_million: hidden || !model ? null : Number(model.output_price_per_million),
      conversation_id: hidden ? null : panel.conversation_id,
    };
  });
  const turns: CompareTurn[] = [];
  for (let index = 0; index < turnCount; index += 1) {
    const answers: CompareAnswer[] = [];
    let prompt = '';
    panels.forEach((panel, i) => {
      const row = threads[i]?.[index];
      if (!row) return;
      prompt ||= row.content;
      answers.push({
        panel: panel.position,
        message_id: row.id,
        status: statusOf(row.status),
        response: row.response,
        error: row.error,
        input_tokens: row.input_tokens === null ? null : Number(row.input_tokens),
        output_tokens: row.output_tokens === null ? null : Number(row.output_tokens),
        ttft_ms: row.ttft_ms === null ? null : Number(row.ttft_ms),
        tokens_per_second: tokensPerSecond(row),
        cost_usd: hidden ? null : costUsd(row, models.get(panel.model)),
        created_at: row.created_at,
        ...toolRecordOf(row, row.status !== 'pending' && row.status !== 'streaming'),
      });
    });
    const vote = votes.find((v) => Number(v.turn_index) === index);
    turns.push({ index, prompt, answers, vote: vote ? voteChoice(vote) : null });
  }
  return {
    ...toSummary(session, panels, models, turnCount, isFavourite),
    panels: comparePanels,
    turns,
  };
}
