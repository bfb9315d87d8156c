/**
 * What another screen may hand /compare in its location state to start a comparison from: the
 * prompt and the models to choose (the prompt generator's "Test in compare").
 */
export interface ComparePrefill {
  prompt: string;
  models: string[];
}

export interface ComparePrefillState {
  comparePrefill: ComparePrefill;
}

export function readComparePrefill(state: unknown): ComparePrefill | null {
  if (!state || typeof state !== 'object' || !('comparePrefill' in state)) return null;
  const value: unknown = state.comparePrefill;
  if (!value || typeof value !== 'object') return null;
  const { prompt, models } = value as { prompt?: unknown; models?: unknown };
  if (typeof prompt !== 'string') return null;
  return {
    prompt,
    models: Array.isArray(models) ? models.filter((m): m is string => typeof m === 'string') : [],
  };
}
