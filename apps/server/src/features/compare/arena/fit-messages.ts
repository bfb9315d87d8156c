import type { ArenaRatings, RatingOptions } from './arena-ratings';
import type { PairTable } from './pairwise-table';

/** What the round sends a fit worker: one table (its typed arrays transferred) and options. */
export interface FitRequest {
  id: number;
  table: PairTable;
  options: RatingOptions;
}

/** A fit worker's answer to request `id`. */
export type FitReply = { id: number; ratings: ArenaRatings } | { id: number; error: string };

/** The buffers of a table, handed over to the worker instead of copied (each once). */
export function tableBuffers(table: PairTable): ArrayBuffer[] {
  const arrays = [table.a, table.b, table.score, table.vote, table.appearances, table.wins];
  if (table.style) arrays.push(table.style);
  return [...new Set(arrays.map((array) => array.buffer as ArrayBuffer))];
}
