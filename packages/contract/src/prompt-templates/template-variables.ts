/*
 * Variables inside a prompt template's body, shared by the server (limits, refusals) and the
 * web (editor marks, fill-in form, preview):
 *
 *   {{name}}                                   short text, required
 *   {{name:long}}                              long text (several lines), required
 *   {{name;default=value}}                     any text variable with a default is optional
 *   {{tone:choice=formal|casual|playful}}      choice list; the first option is the default
 *   {{tone:choice=formal|casual;default=casual}}
 *
 * Names: a letter, then letters, digits or _ (at most 40). A bare {{name}} that repeats a typed
 * variable defined elsewhere in the body means that variable. Anything between {{ and }} that
 * does not follow these rules, and a {{ that never closes, is a problem: the text stays as
 * written (filled in verbatim), the body still saves and the editor marks the spot.
 */

export const TEMPLATE_VARIABLE_TYPES = ['text', 'long', 'choice'] as const;
export type TemplateVariableType = (typeof TEMPLATE_VARIABLE_TYPES)[number];

export interface TemplateVariable {
  name: string;
  type: TemplateVariableType;
  /** Choice options in the order written; empty for text and long. */
  options: string[];
  /** null: required (text/long without a default). A choice always has one. */
  default: string | null;
}

export interface TemplateVariableProblem {
  /** Offset of the `{{` in the body. */
  start: number;
  /** Length of the marked text (to the end of the body when unterminated). */
  length: number;
  message: string;
}

/** Two typed definitions of one name that do not agree (the body is refused with this). */
export interface TemplateVariableConflict {
  name: string;
  message: string;
}

export interface ParsedTemplate {
  variables: TemplateVariable[];
  problems: TemplateVariableProblem[];
  conflicts: TemplateVariableConflict[];
  /** Every well-formed occurrence, in body order (for filling in). */
  occurrences: Array<{ start: number; end: number; name: string }>;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_OPTION_CHARS = 100;

interface Definition {
  variable: TemplateVariable;
  /** Whether it was written bare ({{name}}) and may take a typed definition's place. */
  bare: boolean;
}

function describe(v: TemplateVariable): string {
  if (v.type === 'choice') return `choice of ${v.options.join('|')}`;
  return v.type === 'long' ? 'long text' : 'short text';
}

/** Reads one `{{…}}` inner text; a string is the problem's message. */
function parseInner(inner: string): Definition | string {
  const text = inner.trim();
  if (text === '') return 'Empty variable: write a name between {{ and }}.';
  const [head = '', ...settings] = text.split(';');
  const colon = head.indexOf(':');
  const name = (colon === -1 ? head : head.slice(0, colon)).trim();
  if (!NAME.test(name))
    return `"${name}" is not a valid variable name: start with a letter, then letters, digits or _.`;
  let type: TemplateVariableType = 'text';
  let options: string[] = [];
  const spec = colon === -1 ? '' : head.slice(colon + 1).trim();
  if (spec === 'long') type = 'long';
  else if (spec === 'text' || spec === '') type = 'text';
  else if (spec.startsWith('choice')) {
    const list = /^choice\s*=(.*)$/s.exec(spec);
    if (!list) return `Choice variable "${name}" needs options: {{${name}:choice=a|b}}.`;
    options = (list[1] ?? '').split('|').map((o) => o.trim());
    if (options.some((o) => o === '')) return `Choice variable "${name}" has an empty option.`;
    if (options.some((o) => o.length > MAX_OPTION_CHARS))
      return `Choice variable "${name}" has an option over ${MAX_OPTION_CHARS} characters.`;
    if (new Set(options).size !== options.length)
      return `Choice variable "${name}" lists an option twice.`;
    type = 'choice';
  } else return `Unknown type "${spec}" for "${name}": use long or choice=a|b.`;

  let fallback: string | null = null;
  for (const setting of settings) {
    const match = /^\s*default\s*=(.*)$/s.exec(setting);
    if (!match)
      return `Unknown setting "${setting.trim()}" in "${name}": only default=… is allowed.`;
    fallback = (match[1] ?? '').trim();
  }
  if (type === 'choice') {
    if (fallback !== null && !options.includes(fallback))
      return `Default "${fallback}" of "${name}" is not one of its options.`;
    fallback ??= options[0] ?? null;
  }
  const bare = colon === -1 && settings.length === 0;
  return { variable: { name, type, options, default: fallback }, bare };
}

function sameDefinition(a: TemplateVariable, b: TemplateVariable): boolean {
  return (
    a.type === b.type &&
    a.default === b.default &&
    a.options.length === b.options.length &&
    a.options.every((o, i) => o === b.options[i])
  );
}

/** Finds the body's variables, its malformed spots and conflicting definitions. */
export function parseTemplateBody(body: string): ParsedTemplate {
  const problems: TemplateVariableProblem[] = [];
  const found: Array<{ start: number; end: number; definition: Definition }> = [];
  let at = 0;
  for (;;) {
    const start = body.indexOf('{{', at);
    if (start === -1) break;
    const close = body.indexOf('}}', start + 2);
    const nextOpen = body.indexOf('{{', start + 2);
    if (close === -1 || (nextOpen !== -1 && nextOpen < close)) {
      const end = nextOpen === -1 ? body.length : nextOpen;
      problems.push({
        start,
        length: end - start,
        message: 'Unterminated variable: close it with }}.',
      });
      at = start + 2;
      continue;
    }
    const parsed = parseInner(body.slice(start + 2, close));
    if (typeof parsed === 'string')
      problems.push({ start, length: close + 2 - start, message: parsed });
    else found.push({ start, end: close + 2, definition: parsed });
    at = close + 2;
  }

  // A typed definition wins over bare mentions of the same name; two typed ones must agree.
  const byName = new Map<string, Definition>();
  const conflicts: TemplateVariableConflict[] = [];
  for (const { definition } of found) {
    const known = byName.get(definition.variable.name);
    if (!known || (known.bare && !definition.bare)) {
      byName.set(definition.variable.name, definition);
      continue;
    }
    if (definition.bare || sameDefinition(known.variable, definition.variable)) continue;
    if (!conflicts.some((c) => c.name === definition.variable.name))
      conflicts.push({
        name: definition.variable.name,
        message: `variable "${definition.variable.name}" is used as ${describe(known.variable)} and as ${describe(definition.variable)}; give one of them another name.`,
      });
  }
  return {
    variables: [...byName.values()].map((d) => d.variable),
    problems,
    conflicts,
    occurrences: found.map(({ start, end, definition }) => ({
      start,
      end,
      name: definition.variable.name,
    })),
  };
}

/** The values a fill-in starts from: each variable's default, or '' when it has none. */
export function initialTemplateValues(variables: TemplateVariable[]): Record<string, string> {
  return Object.fromEntries(variables.map((v) => [v.name, v.default ?? '']));
}

/** Names of required variables still empty (whitespace counts as empty). */
export function missingTemplateValues(
  variables: TemplateVariable[],
  values: Record<string, string>,
): string[] {
  return variables
    .filter((v) => v.default === null && (values[v.name] ?? '').trim() === '')
    .map((v) => v.name);
}

/**
 * The body with every well-formed variable replaced by its value (an optional one left empty
 * takes its default); malformed spots stay as written.
 */
export function fillTemplate(body: string, values: Record<string, string>): string {
  const { variables, occurrences } = parseTemplateBody(body);
  const byName = new Map(variables.map((v) => [v.name, v]));
  let out = '';
  let at = 0;
  for (const o of occurrences) {
    const value = values[o.name] ?? '';
    const fallback = byName.get(o.name)?.default ?? '';
    out += body.slice(at, o.start) + (value.trim() === '' ? fallback : value);
    at = o.end;
  }
  return out + body.slice(at);
}
