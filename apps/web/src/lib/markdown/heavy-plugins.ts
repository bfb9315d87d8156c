import type { Options } from 'react-markdown';

type PluggableList = NonNullable<Options['rehypePlugins']>;

/** The rehype plugins that are too heavy for the route chunk, once they have loaded. */
export interface HeavyPlugins {
  math: PluggableList;
  highlight: PluggableList;
}

let loaded: HeavyPlugins = { math: [], highlight: [] };
const listeners = new Set<() => void>();
let mathLoad: Promise<void> | null = null;
let highlightLoad: Promise<void> | null = null;

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
  mathLoad ??= Promise.all([import('rehype-katex'), import('katex/dist/katex.min.css')]).then(
    ([katex]) => publish({ ...loaded, math: [[katex.default, { throwOnError: false, strict: 'ignore' }]] }),
    () => {
      mathLoad = null;
    },
  );
  return mathLoad;
}

/** The highlighter and its grammars, fetched the first time an answer contains code. */
export function loadHighlight(): Promise<void> {
  highlightLoad ??= Promise.all([import('rehype-highlight'), import('./highlight-theme.css')]).then(
    ([highlight]) => publish({ ...loaded, highlight: [[highlight.default, { detect: false }]] }),
    () => {
      highlightLoad = null;
    },
  );
  return highlightLoad;
}
