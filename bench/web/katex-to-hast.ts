import { fromHtmlIsomorphic } from 'hast-util-from-html-isomorphic';
import { toHtml } from 'hast-util-to-html';
import katex from 'katex';
import { FORMULAS } from '../../apps/web/src/lib/markdown/katex-corpus.examples';
import { katexInternals } from '../../apps/web/src/lib/markdown/katex-internals';
import { buildTreeToHast, katexToHast } from '../../apps/web/src/lib/markdown/katex-to-hast';
import { formatMs, percentile, printTable } from '../lib/stats';

/**
 * Issue 35: a formula typeset to hast the old way (katex.renderToString, then the HTML parsed
 * back with hast-util-from-html-isomorphic: parse5 here in node, a <template> in the browser)
 * against katex-to-hast (KaTeX's build tree converted node by node), over the test corpus
 * (apps/web/src/lib/markdown/katex-corpus.examples.ts). Also KaTeX's own share: building its
 * tree (__renderToDomTree) and printing it (toMarkup). Per formula the median of --reps calls,
 * after as many warm-up calls; the paths take turns formula by formula, so a busy machine slows
 * them alike. Not asserted. Usage: npx tsx bench/web/katex-to-hast.ts [--reps=30]
 */
const reps = Number(
  process.argv.find((a) => a.startsWith('--reps='))?.slice('--reps='.length) ?? 30,
);
const OPTIONS = { throwOnError: false, strict: 'ignore' } as const;
// KaTeX warns on every call for a glyph it has no metrics for (\char"263A): not printing it
// thousands of times keeps the terminal out of the timings.
console.warn = () => undefined;

function medianMs(call: () => unknown): number {
  for (let i = 0; i < reps; i += 1) call();
  const samples: number[] = [];
  for (let i = 0; i < reps; i += 1) {
    const start = performance.now();
    call();
    samples.push(performance.now() - start);
  }
  return percentile(samples, 50);
}

const renderToDomTree = katexInternals.__renderToDomTree;
if (!renderToDomTree) throw new Error('KaTeX no longer exports __renderToDomTree');
const paths = {
  'build tree (KaTeX)': (tex: string, displayMode: boolean) =>
    renderToDomTree(tex, { ...OPTIONS, displayMode }),
  'renderToString (tree + markup)': (tex: string, displayMode: boolean) =>
    katex.renderToString(tex, { ...OPTIONS, displayMode }),
  'old: renderToString + parse': (tex: string, displayMode: boolean) =>
    fromHtmlIsomorphic(katex.renderToString(tex, { ...OPTIONS, displayMode }), { fragment: true }),
  'new: katexToHast': katexToHast,
};
type PathName = keyof typeof paths;
const names = Object.keys(paths) as PathName[];
const times = new Map<PathName, number[]>(names.map((name) => [name, []]));

let literal = 0;
let converted = 0;
for (const { tex, display } of FORMULAS) {
  for (const name of names) times.get(name)?.push(medianMs(() => paths[name](tex, display)));
  const html = katex.renderToString(tex, { ...OPTIONS, displayMode: display });
  if (toHtml(katexToHast(tex, display)) === html) literal += 1;
  const tree = renderToDomTree(tex, { ...OPTIONS, displayMode: display });
  if (buildTreeToHast(tree)) converted += 1;
}

const oldTimes = times.get('old: renderToString + parse') ?? [];
const newTimes = times.get('new: katexToHast') ?? [];
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
printTable(
  `Per formula, ms (${FORMULAS.length} formulas, median of ${reps} calls each)`,
  names.map((name) => {
    const t = times.get(name) ?? [];
    return {
      path: name,
      'corpus total': formatMs(sum(t)),
      mean: (sum(t) / t.length).toFixed(4),
      p50: percentile(t, 50).toFixed(4),
      p90: percentile(t, 90).toFixed(4),
      max: formatMs(Math.max(...t)),
    };
  }),
);
const ratios = oldTimes.map((old, i) => old / (newTimes[i] ?? Number.NaN));
console.log(
  `\nold / new per formula: p10 ${percentile(ratios, 10).toFixed(2)}×, p50 ${percentile(ratios, 50).toFixed(2)}×, p90 ${percentile(ratios, 90).toFixed(2)}×; corpus total ${(sum(oldTimes) / sum(newTimes)).toFixed(2)}×`,
);
console.log(
  `built node by node: ${converted}/${FORMULAS.length}; toHtml(katexToHast) byte-equal to renderToString: ${literal}/${FORMULAS.length}`,
);
