import type { Element, ElementContent, Properties } from 'hast';
import { fromHtmlIsomorphic } from 'hast-util-from-html-isomorphic';
import katex from 'katex';
import { asParsed, parseSpaces, setAttribute, type AttributeSpace } from './hast-attribute';
import {
  katexInternals,
  type KatexDomTree,
  type KatexFragment,
  type KatexHtmlElement,
  type KatexLineNode,
  type KatexMathNode,
  type KatexNode,
  type KatexPathNode,
  type KatexSpaceNode,
  type KatexStyle,
  type KatexSvgNode,
  type KatexSymbolNode,
  type KatexTextNode,
} from './katex-internals';

/*
 * KaTeX's build tree straight to hast: the tree rehype-katex gets by printing that tree to an
 * HTML string (each node's toMarkup) and parsing the string back (parse5 in node, a <template>
 * in the browser), without the string and the parser. Each node below mirrors its class's
 * toMarkup in katex 0.16.47, and its output is what the HTML parser makes of that markup.
 */

function katexOptions(displayMode: boolean) {
  return { displayMode, throwOnError: false, strict: 'ignore' } as const;
}

/** Stands for KaTeX's classes when it does not export them: nothing is an instance of it. */
class Absent {}
const ABSENT = Object.fromEntries(
  ['Span', 'Anchor', 'SymbolNode', 'SvgNode', 'PathNode', 'LineNode'].map((name) => [name, Absent]),
) as unknown as KatexDomTree;
const { Span, Anchor, SymbolNode, SvgNode, PathNode, LineNode } =
  katexInternals.__domTree ?? ABSENT;

/*
 * MathML nodes, fragments and Img are not among KaTeX's exported classes: they are told apart
 * by their own fields (exactly those their constructor sets), and a prototype seen to have that
 * shape once is trusted from then on.
 */
type Kind = 'math' | 'text' | 'space' | 'fragment';
const SHAPES: readonly (readonly [Kind, readonly string[], readonly string[]])[] = [
  ['math', ['type', 'attributes', 'children', 'classes'], ['toText', 'setAttribute']],
  ['text', ['text'], ['toText']],
  ['space', ['width', 'character'], ['toText']],
  ['fragment', ['children', 'classes', 'height', 'depth', 'maxFontSize', 'style'], ['toText']],
];
const kinds = new Map<object, Kind>();

function kindOf(node: KatexNode): Kind | null {
  const prototype: unknown = Object.getPrototypeOf(node);
  if (typeof prototype !== 'object' || prototype === null) return null;
  const known = kinds.get(prototype);
  if (known) return known;
  const own = Object.keys(node);
  for (const [kind, fields, methods] of SHAPES) {
    if (own.length !== fields.length || !fields.every((field) => Object.hasOwn(node, field)))
      continue;
    if (!methods.every((method) => typeof Reflect.get(node, method) === 'function')) continue;
    kinds.set(prototype, kind);
    return kind;
  }
  return null;
}

/** KaTeX's makeEm. */
function em(value: number): string {
  return `${+value.toFixed(4)}em`;
}

/** KaTeX's cssStyleToString: camelCase keys hyphenated, `key:value;` each. */
function cssText(style: KatexStyle): string {
  let text = '';
  for (const key of Object.keys(style)) {
    const value = style[key];
    if (value !== undefined) text += `${key.replace(/([A-Z])/g, '-$1').toLowerCase()}:${value};`;
  }
  return text;
}

/** KaTeX's createClass, then split as the parser splits `class`. */
function classNames(classes: readonly string[]): string[] {
  return parseSpaces(asParsed(classes.filter((name) => name).join(' '), '\uFFFD'));
}

/** KaTeX's toMarkup throws on these names (renderToString then throws too). */
// eslint-disable-next-line no-control-regex -- KaTeX's own pattern (domTree.ts), control characters included
const INVALID_ATTRIBUTE_NAME = /[\s"'>/=\x00-\x1f]/;

function setAttributes(
  properties: Properties,
  space: AttributeSpace,
  attributes: Readonly<Record<string, string>>,
): boolean {
  for (const name of Object.keys(attributes)) {
    if (INVALID_ATTRIBUTE_NAME.test(name)) return false;
    if (!setAttribute(properties, space, name, String(attributes[name]))) return false;
  }
  return true;
}

/**
 * Where text is: the HTML parser drops NUL in HTML text and in MathML's text integration points
 * (mi, mo, mn, ms, mtext), and reads it as U+FFFD elsewhere in MathML and SVG.
 */
type TextContext = 'html' | 'mathml-text' | 'foreign';

const MATHML_TEXT_POINTS = new Set(['mi', 'mo', 'mn', 'ms', 'mtext']);

/** Adjacent text is one text node once parsed, and empty text is none. */
function pushText(into: ElementContent[], raw: string, context: TextContext): void {
  const value = asParsed(raw, context === 'foreign' ? '\uFFFD' : '');
  if (!value) return;
  const last = into.at(-1);
  if (last?.type === 'text') last.value += value;
  else into.push({ type: 'text', value });
}

function element(tagName: string, properties: Properties, children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}

/** Span and Anchor: class, style, then the attributes, as toMarkup writes them. */
function htmlElement(into: ElementContent[], tagName: string, node: KatexHtmlElement): boolean {
  const properties: Properties = {};
  if (node.classes.length) properties.className = classNames(node.classes);
  const style = cssText(node.style);
  if (style) properties.style = asParsed(style, '\uFFFD');
  if (!setAttributes(properties, 'html', node.attributes)) return false;
  const children: ElementContent[] = [];
  for (const child of node.children) if (!append(children, child, 'html')) return false;
  into.push(element(tagName, properties, children));
  return true;
}

/** A span only when the glyph has classes, a style or an italic correction; else bare text. */
function symbol(into: ElementContent[], node: KatexSymbolNode): void {
  const style = (node.italic > 0 ? `margin-right:${em(node.italic)};` : '') + cssText(node.style);
  const text = String(node.text);
  if (!node.classes.length && !style) return pushText(into, text, 'html');
  const properties: Properties = {};
  if (node.classes.length) properties.className = classNames(node.classes);
  if (style) properties.style = asParsed(style, '\uFFFD');
  const children: ElementContent[] = [];
  pushText(children, text, 'html');
  into.push(element('span', properties, children));
}

function svgElement(into: ElementContent[], node: KatexSvgNode): boolean {
  const properties: Properties = {};
  setAttribute(properties, 'svg', 'xmlns', 'http://www.w3.org/2000/svg');
  if (!setAttributes(properties, 'svg', node.attributes)) return false;
  const children: ElementContent[] = [];
  for (const child of node.children) if (!append(children, child, 'svg')) return false;
  into.push(element('svg', properties, children));
  return true;
}

const PATH_MARKUP = /^<path d="([^"]*)"\/>$/;
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&gt;': '>',
  '&lt;': '<',
  '&quot;': '"',
  '&#x27;': "'",
};

/** A path's geometry is private to KaTeX (svgGeometry): read it out of the path's own markup. */
function path(into: ElementContent[], node: KatexPathNode): boolean {
  const match = PATH_MARKUP.exec(node.toMarkup());
  if (!match?.[1]) return false;
  const properties: Properties = {};
  const d = match[1].replace(/&(?:amp|gt|lt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? '');
  setAttribute(properties, 'svg', 'd', d);
  into.push(element('path', properties, []));
  return true;
}

function line(into: ElementContent[], node: KatexLineNode): boolean {
  const properties: Properties = {};
  if (!setAttributes(properties, 'svg', node.attributes)) return false;
  into.push(element('line', properties, []));
  return true;
}

/** MathNode's toMarkup writes the attributes before the class. */
function mathElement(into: ElementContent[], node: KatexMathNode): boolean {
  const tagName = node.type.toLowerCase();
  const properties: Properties = {};
  if (!setAttributes(properties, 'html', node.attributes)) return false;
  if (node.classes.length > 0 && !Object.hasOwn(properties, 'className'))
    properties.className = classNames(node.classes);
  const context: TextContext = MATHML_TEXT_POINTS.has(tagName) ? 'mathml-text' : 'foreign';
  const children: ElementContent[] = [];
  for (const child of node.children) if (!append(children, child, context)) return false;
  into.push(element(tagName, properties, children));
  return true;
}

function space(into: ElementContent[], node: KatexSpaceNode): void {
  if (node.character) {
    const children: ElementContent[] = [];
    pushText(children, node.character, 'mathml-text');
    into.push(element('mtext', {}, children));
    return;
  }
  const properties: Properties = {};
  setAttribute(properties, 'html', 'width', em(node.width));
  into.push(element('mspace', properties, []));
}

/**
 * Appends the hast of `node` (nothing, text, one element, or a fragment's children) to `into`.
 * False when a node is not one this file knows: the caller then uses the HTML string.
 */
function append(into: ElementContent[], node: KatexNode, context: TextContext | 'svg'): boolean {
  if (context === 'svg') {
    if (node instanceof PathNode) return path(into, node);
    if (node instanceof LineNode) return line(into, node);
    return false;
  }
  if (node instanceof Span) return htmlElement(into, 'span', node);
  if (node instanceof SymbolNode) {
    symbol(into, node);
    return true;
  }
  if (node instanceof SvgNode) return svgElement(into, node);
  if (node instanceof Anchor) return htmlElement(into, 'a', node);
  // Img is left to the string path: its toMarkup ends in `'/>`, which parses as an attribute.
  switch (kindOf(node)) {
    case 'math':
      return mathElement(into, node as KatexMathNode);
    case 'text':
      // String(): KaTeX prints a missing text as "undefined" (\overlinesegment's <mo>), so must we.
      pushText(into, String((node as KatexTextNode).text), context);
      return true;
    case 'space':
      space(into, node as KatexSpaceNode);
      return true;
    case 'fragment':
      for (const child of (node as KatexFragment).children)
        if (!append(into, child, context)) return false;
      return true;
    default:
      return false;
  }
}

/**
 * The hast of a KaTeX build tree (katex.__renderToDomTree's result), or null when it holds a
 * node this converter does not know.
 */
export function buildTreeToHast(tree: KatexNode): Element | null {
  const out: ElementContent[] = [];
  if (!append(out, tree, 'html')) return null;
  const [only] = out;
  return out.length === 1 && only?.type === 'element' ? only : null;
}

/** The old path, kept for what the converter does not know: print, then parse. */
export function katexToHastViaHtml(tex: string, displayMode: boolean): Element {
  const root = fromHtmlIsomorphic(katex.renderToString(tex, katexOptions(displayMode)), {
    fragment: true,
  });
  const [only] = root.children;
  if (root.children.length !== 1 || only?.type !== 'element')
    throw new Error('KaTeX rendered more than one element');
  return only;
}

/**
 * A formula typeset by KaTeX as hast: the same tree as parsing katex.renderToString's HTML.
 * KaTeX renders a parse error as its own red `katex-error` span; other errors throw, as
 * renderToString does.
 */
export function katexToHast(tex: string, displayMode: boolean): Element {
  const tree = katexInternals.__renderToDomTree?.(tex, katexOptions(displayMode));
  return (tree && buildTreeToHast(tree)) ?? katexToHastViaHtml(tex, displayMode);
}
