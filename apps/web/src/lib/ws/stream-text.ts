import type { Citation, ToolCallView } from '@parallax/contract';

/** A tool call's new state, numbered in the answer's stream like its tokens. */
export interface ToolPiece {
  call: ToolCallView;
  /** The citations the call added, when it completed with results. */
  citations?: Citation[];
}

/** One event of a message's stream: a token's text or a tool call's state, and its place (from 1). */
export interface StreamPiece {
  sequence: number;
  text: string;
  tool?: ToolPiece;
}

/** What a screen shows of a stream: the text and the sequence of the last token in it. */
export interface StreamText {
  text: string;
  sequence: number;
}

export interface AppliedStream extends StreamText {
  /**
   * The batch skipped past tokens the screen never got (it holds `sequence`, the next piece is
   * later than `sequence + 1`): nothing past the hole was applied, and the screen should ask
   * the socket to resume after `sequence`.
   */
  gap: boolean;
  /** The tool states among the applied pieces, in order (a later one of a call replaces it). */
  tools: ToolPiece[];
}

/**
 * The one rule for every streamed screen: a token is applied once, in order, by its sequence.
 * A replay (after a resume from navigation, reconnect, reload or another tab) repeats tokens
 * the screen already shows; those are skipped, so the text never doubles or restarts midway.
 */
export function applyPieces(shown: StreamText, pieces: readonly StreamPiece[]): AppliedStream {
  let { text, sequence } = shown;
  const tools: ToolPiece[] = [];
  // In sequence order, whatever the arrival order: a live token can overtake a replay's earlier
  // ones (a resume the server had not taken yet), and the replay then fills in before it.
  const ordered = [...pieces].sort((a, b) => a.sequence - b.sequence);
  for (const piece of ordered) {
    if (piece.sequence <= sequence) continue;
    if (piece.sequence > sequence + 1) return { text, sequence, gap: true, tools };
    text += piece.text;
    if (piece.tool) tools.push(piece.tool);
    sequence = piece.sequence;
  }
  return { text, sequence, gap: false, tools };
}

/** Tool rows with later states applied: a call keeps its place, its latest state shows. */
export function mergeToolCalls(
  calls: readonly ToolCallView[],
  updates: readonly ToolPiece[],
): ToolCallView[] {
  const merged = [...calls];
  for (const { call } of updates) {
    const at = merged.findIndex((c) => c.id === call.id);
    if (at === -1) merged.push(call);
    else merged[at] = call;
  }
  return merged;
}

/** An answer's citations with a call's added, by number, in number order. */
export function mergeCitations(
  citations: readonly Citation[],
  added: readonly Citation[],
): Citation[] {
  const byIndex = new Map(citations.map((c) => [c.index, c]));
  for (const citation of added) byIndex.set(citation.index, citation);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}
