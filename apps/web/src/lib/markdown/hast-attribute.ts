import type { Properties } from 'hast';
import { find, html, normalize, svg, type Info } from 'property-information';

/*
 * An attribute turned into a hast property the way hast-util-from-html (parse5) and
 * hast-util-from-dom do it (both through hastscript), so a tree built without parsing HTML
 * is the tree parsing the same markup would give. MathML elements are in the HTML schema there
 * (hast has no MathML schema); SVG elements are in the SVG one.
 */

export type AttributeSpace = 'html' | 'svg';

const infos: Record<AttributeSpace, Map<string, Info>> = { html: new Map(), svg: new Map() };

function infoOf(space: AttributeSpace, name: string): Info {
  let info = infos[space].get(name);
  if (!info) infos[space].set(name, (info = find(space === 'svg' ? svg : html, name)));
  return info;
}

/**
 * The HTML parser reads text with CR and CRLF as LF, and NUL as U+FFFD in attribute values and
 * foreign (MathML, SVG) text; in HTML text it drops NUL.
 */
export function asParsed(value: string, nul: '\uFFFD' | ''): string {
  if (!value.includes('\r') && !value.includes('\0')) return value;
  return value.replace(/\r\n?/g, '\n').replaceAll('\0', nul);
}

/** A list's items are only ever numbers or strings (hastscript assumes no booleans in lists). */
function listItem(info: Info, value: string): string | number {
  return info.number && value && !Number.isNaN(Number(value)) ? Number(value) : value;
}

function primitive(info: Info, value: string): string | number | boolean {
  if (info.number && value && !Number.isNaN(Number(value))) return Number(value);
  if (
    (info.boolean || info.overloadedBoolean) &&
    (value === '' || normalize(value) === normalize(info.property))
  )
    return true;
  return value;
}

/** space-separated-tokens' parse, as hastscript splits `class`. */
export function parseSpaces(value: string): string[] {
  const input = value.trim();
  return input ? input.split(/[ \t\n\r\f]+/g) : [];
}

/**
 * Sets the attribute on `properties` unless the element already has it (the parser keeps the
 * first of two attributes with the same name). False for a comma-separated attribute, which
 * KaTeX does not write: the caller then takes the HTML string path rather than guess.
 */
export function setAttribute(
  properties: Properties,
  space: AttributeSpace,
  name: string,
  raw: string,
): boolean {
  // The HTML tokenizer lowercases attribute names; the schema gives SVG's their case back
  // (viewBox), as the parser's SVG adjustments do.
  const info = infoOf(space, name.toLowerCase());
  if (info.commaSeparated || info.commaOrSpaceSeparated) return false;
  if (Object.hasOwn(properties, info.property)) return true;
  const value = asParsed(raw, '\uFFFD');
  properties[info.property] = info.spaceSeparated
    ? parseSpaces(value).map((token) => listItem(info, token))
    : primitive(info, value);
  return true;
}
