import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mathFromMarkdown } from 'mdast-util-math';
import { gfm } from 'micromark-extension-gfm';
import { math } from 'micromark-extension-math';
import type { Construct, Extension, ParseContext } from 'micromark-util-types';

/** Labels defined elsewhere in the document, as micromark normalises them (`normalizeIdentifier`). */
export interface DefinedLabels {
  links: readonly string[];
  footnotes: readonly string[];
}

const SYNTAX: Extension[] = [gfm(), math()];
const MDAST = [gfmFromMarkdown(), mathFromMarkdown()];
const NONE: DefinedLabels = { links: [], footnotes: [] };

function addMissing(target: string[], labels: readonly string[]): void {
  for (const label of labels) if (!target.includes(label)) target.push(label);
}

/*
 * micromark turns `[x]` into a reference, and `[^x]` into a footnote call, only when the
 * document defines `x`; a block parsed on its own must be told what the rest of the document
 * defines. Labels are resolved while inline text is tokenised, after all block structure, so
 * adding them when the first bracket of inline text is reached is early enough.
 */
function definedElsewhere(defined: DefinedLabels): Extension {
  const seeded = new WeakSet<ParseContext>();
  const seed: Construct = {
    add: 'before',
    tokenize(_effects, _ok, nok) {
      const parser = this.parser;
      if (!seeded.has(parser)) {
        seeded.add(parser);
        addMissing(parser.defined, defined.links);
        addMissing((parser.gfmFootnotes ??= []), defined.footnotes);
      }
      return nok;
    },
  };
  return { text: { 91: seed, 93: seed } };
}

/** Markdown (CommonMark, GFM, `$` math) as mdast, with labels the rest of the document defines. */
export function parseBlock(source: string, defined: DefinedLabels = NONE): Root {
  const extensions =
    defined.links.length > 0 || defined.footnotes.length > 0
      ? [...SYNTAX, definedElsewhere(defined)]
      : SYNTAX;
  return fromMarkdown(source, { extensions, mdastExtensions: MDAST });
}
