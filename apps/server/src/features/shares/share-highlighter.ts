import type { Root } from 'hast';

/*
 * WARNING: lowlight is loaded by a name TypeScript does not follow. Its highlight.js types
 * pull the DOM library into the whole server program, which changes Node's own types (Blob
 * parts, timers) everywhere; the little of its API used here is typed below instead.
 */

interface Lowlight {
  registered(language: string): boolean;
  highlight(language: string, value: string): Root;
}

interface LowlightModule {
  common: Record<string, unknown>;
  createLowlight(grammars: Record<string, unknown>): Lowlight;
}

const LOWLIGHT: string = 'lowlight';
const { common, createLowlight } = (await import(LOWLIGHT)) as LowlightModule;

/** One highlighter with highlight.js's common grammars, as the web renderer registers. */
export const highlighter: Lowlight = createLowlight(common);
