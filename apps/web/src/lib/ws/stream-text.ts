/** One token of a message's stream: its text and its place in the stream (from 1). */
export interface StreamPiece {
  sequence: number;
  text: string;
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
}

/**
 * The one rule for every streamed screen: a token is applied once, in order, by its sequence.
 * A replay (after a resume from navigation, reconnect, reload or another tab) repeats tokens
 * the screen already shows; those are skipped, so the text never doubles or restarts midway.
 */
export function applyPieces(shown: StreamText, pieces: readonly StreamPiece[]): AppliedStream {
  let { text, sequence } = shown;
  // In sequence order, whatever the arrival order: a live token can overtake a replay's earlier
  // ones (a resume the server had not taken yet), and the replay then fills in before it.
  const ordered = [...pieces].sort((a, b) => a.sequence - b.sequence);
  for (const piece of ordered) {
    if (piece.sequence <= sequence) continue;
    if (piece.sequence > sequence + 1) return { text, sequence, gap: true };
    text += piece.text;
    sequence = piece.sequence;
  }
  return { text, sequence, gap: false };
}
