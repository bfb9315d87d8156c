// What other features may use of compare (its screens are lazy-loaded by the app).
export type { ComparePrefillState } from './model/compare-prefill';
