import katex from 'katex';

/*
 * The parts of KaTeX 0.16's build tree (src/domTree.ts, src/mathMLTree.ts, src/tree.ts) that
 * katex-to-hast reads. None of it is in katex's .d.ts: these are KaTeX's internals, so every
 * node is checked before it is read (see katex-to-hast), and a shape that does not match sends
 * the formula down the HTML string path instead.
 */

/** What every build-tree node has: KaTeX's own serialiser. */
export interface KatexNode {
  toMarkup(): string;
}

/** CSS properties in camelCase, as KaTeX keeps them (`marginRight`, `verticalAlign`…). */
export type KatexStyle = Readonly<Record<string, string | undefined>>;

/** Span and Anchor: an HTML element with classes, a style object and attributes. */
export interface KatexHtmlElement extends KatexNode {
  classes: readonly string[];
  style: KatexStyle;
  attributes: Readonly<Record<string, string>>;
  children: readonly KatexNode[];
}

/** A glyph: bare text, or a span when it has classes, a style or an italic correction. */
export interface KatexSymbolNode extends KatexNode {
  text: string;
  italic: number;
  classes: readonly string[];
  style: KatexStyle;
}

export interface KatexSvgNode extends KatexNode {
  attributes: Readonly<Record<string, string>>;
  children: readonly KatexNode[];
}

/** An SVG path: its geometry is private (a name into svgGeometry, or `alternate`). */
export interface KatexPathNode extends KatexNode {
  pathName: string;
}

export interface KatexLineNode extends KatexNode {
  attributes: Readonly<Record<string, string>>;
}

/** A MathML element (`math`, `mi`, `mtable`…). */
export interface KatexMathNode extends KatexNode {
  type: string;
  attributes: Readonly<Record<string, string>>;
  children: readonly KatexNode[];
  classes: readonly string[];
}

export interface KatexTextNode extends KatexNode {
  text: string | undefined;
}

/** A MathML space: `<mtext>` with a space character, or `<mspace>` of its width. */
export interface KatexSpaceNode extends KatexNode {
  width: number;
  character: string | null | undefined;
}

export interface KatexFragment extends KatexNode {
  children: readonly KatexNode[];
}

type NodeClass<T> = abstract new (...args: never[]) => T;

/** The classes KaTeX exports for custom renderers; MathML nodes, Img and fragments are not. */
export interface KatexDomTree {
  Span: NodeClass<KatexHtmlElement>;
  Anchor: NodeClass<KatexHtmlElement>;
  SymbolNode: NodeClass<KatexSymbolNode>;
  SvgNode: NodeClass<KatexSvgNode>;
  PathNode: NodeClass<KatexPathNode>;
  LineNode: NodeClass<KatexLineNode>;
}

/** Optional: a KaTeX without them (internals change) typesets through the HTML string. */
interface KatexInternals {
  __renderToDomTree?: (
    tex: string,
    options: { displayMode: boolean; throwOnError: boolean; strict: 'ignore'; trust?: boolean },
  ) => KatexNode;
  __domTree?: KatexDomTree;
}

export const katexInternals = katex as unknown as KatexInternals;
