import type { Pluggable } from 'unified';
import { scheduleSlice } from './slice-scheduler';

/** The rehype plugins that are too heavy for the route chunk, once they have loaded. */
export interface HeavyPlugins {
  math: Pluggable | null;
  code: Pluggable | null;
}

let loaded: HeavyPlugins = { math: null, code: null };
const listeners = new Set<() => void>();
let mathLoad: Promise<void> | null = null;
let codeLoad: Promise<void> | null = null;

function publish(next: HeavyPlugins): void {
  loaded = next;
  for (const listener of listeners) listener();
}

export function subscribeHeavyPlugins(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function heavyPlugins(): HeavyPlugins {
  return loaded;
}

/** KaTeX and its stylesheet, fetched the first time an answer contains math. */
export function loadMath(): Promise<void> {
  mathLoad ??= Promise.all([
    import('./rehype-katex-tree'),
    import('katex/dist/katex.min.css'),
  ]).then(
    ([katex]) => publish({ ...loaded, math: katex.default }),
    () => {
      mathLoad = null;
    },
  );
  return mathLoad;
}

/**
 * The highlighter and its grammars, fetched the first time an answer contains code. Grammars
 * register one per slice: all at once is a 40 ms task on a cold page.
 */
export function loadHighlight(): Promise<void> {
  codeLoad ??= Promise.all([import('./highlight-code'), import('./highlight-theme.css')]).then(
    ([highlight]) =>
      new Promise<void>((resolve) => {
        let left = highlight.GRAMMARS.length;
        for (const grammar of highlight.GRAMMARS) {
          scheduleSlice(() => {
            highlight.registerGrammar(grammar);
            left -= 1;
            if (left > 0) return;
            publish({ ...loaded, code: highlight.rehypeHighlightCode });
            resolve();
          });
        }
      }),
    () => {
      codeLoad = null;
    },
  );
  return codeLoad;
}
