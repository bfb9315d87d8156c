/**
 * A small checker for the JSON Schema subset that zod's `toJSONSchema` emits for the contract's
 * response schemas. The browser checks answers with it instead of shipping zod itself: the
 * schemas are generated from the contract at build time (see wire-schemas.plugin.ts), so the
 * contract stays the one source of truth while the first load stays small.
 *
 * Semantics follow zod's parse where they differ from JSON Schema: string lengths count UTF-16
 * units (String.length), and unknown object keys are allowed (zod strips them, it never fails).
 */
export interface JsonSchema {
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  description?: string;
  /** zod's z.url({ protocol }): the regex the URL's scheme (without ':') must match. */
  urlProtocol?: string;
  /** zod's z.url({ hostname }): the regex the URL's hostname must match. */
  urlHostname?: string;
}

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** Every keyword the checker understands; the build refuses a schema that uses any other. */
export const SUPPORTED_KEYWORDS: ReadonlySet<string> = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'propertyNames',
  'items',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'urlProtocol',
  'urlHostname',
  // Annotations: they never decide validity.
  'default',
  'description',
]);

/** zod's z.url() rule (v4 core $ZodURL): trimmed, parseable, then scheme and host checked. */
function urlOk(schema: JsonSchema, value: string): boolean {
  const trimmed = value.trim();
  // zod refuses "http:example.com" and the like when the scheme is limited to http(s).
  if (schema.urlProtocol === HTTP_PROTOCOL && !/^https?:\/\//i.test(trimmed)) return false;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return false;
  }
  if (schema.urlHostname !== undefined && !compiled(schema.urlHostname).test(url.hostname))
    return false;
  const scheme = url.protocol.endsWith(':') ? url.protocol.slice(0, -1) : url.protocol;
  return schema.urlProtocol === undefined || compiled(schema.urlProtocol).test(scheme);
}

const HTTP_PROTOCOL = '^https?$';

export class WireValidationError extends Error {
  override readonly name = 'ValidationError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`Unexpected response shape at ${path || '(root)'}: ${problem}`);
  }
}

const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) {
    regex = new RegExp(pattern);
    patterns.set(pattern, regex);
  }
  return regex;
}

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function typeMatches(expected: JsonType, actual: JsonType): boolean {
  return expected === actual || (expected === 'number' && actual === 'integer');
}

/** The first problem found in `value`, or null when it matches `schema`. */
export function findProblem(
  schema: JsonSchema,
  value: unknown,
  path = '',
): WireValidationError | null {
  const found = check(schema, value, path);
  return found ? new WireValidationError(found.path, found.problem) : null;
}

/**
 * A problem as the checker passes it around: a plain object, because an Error captures a stack
 * trace, and a union tried branch by branch (every websocket frame) would build one per miss.
 */
interface Problem {
  path: string;
  problem: string;
}

/** The branches of a union worth trying: those whose `type` constant is the value's own. */
function candidates(branches: JsonSchema[], value: unknown): JsonSchema[] {
  if (typeof value !== 'object' || value === null || !('type' in value)) return branches;
  const kind = value.type;
  const matching = branches.filter((b) => {
    const tag = b.properties?.type;
    return tag === undefined || !('const' in tag) || tag.const === kind;
  });
  return matching;
}

function check(schema: JsonSchema, value: unknown, path: string): Problem | null {
  const fail = (problem: string): Problem => ({ path, problem });
  const actual = typeOf(value);
  if (typeof value === 'number' && !Number.isFinite(value)) return fail('not a finite number');

  if (schema.type !== undefined) {
    const expected = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!expected.some((t) => typeMatches(t, actual)))
      return fail(`expected ${expected.join(' or ')}, got ${actual}`);
  }
  if ('const' in schema && value !== schema.const)
    return fail(`expected ${JSON.stringify(schema.const)}`);
  if (schema.enum && !schema.enum.includes(value))
    return fail(`expected one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (schema.anyOf && !candidates(schema.anyOf, value).some((s) => check(s, value, path) === null))
    return fail('matches none of the allowed shapes');
  if (
    schema.oneOf &&
    candidates(schema.oneOf, value).filter((s) => check(s, value, path) === null).length !== 1
  )
    return fail('does not match exactly one of the allowed shapes');

  if (typeof value === 'string') return stringProblem(schema, value, fail);
  if (typeof value === 'number') return numberProblem(schema, value, fail);
  if (Array.isArray(value)) return arrayProblem(schema, value, path, fail);
  if (actual === 'object') return objectProblem(schema, value as Record<string, unknown>, path);
  return null;
}

function stringProblem(
  schema: JsonSchema,
  value: string,
  fail: (problem: string) => Problem,
): Problem | null {
  if (schema.minLength !== undefined && value.length < schema.minLength)
    return fail(`shorter than ${schema.minLength}`);
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    return fail(`longer than ${schema.maxLength}`);
  if (schema.pattern !== undefined && !compiled(schema.pattern).test(value))
    return fail(`does not match ${schema.format ?? 'the expected pattern'}`);
  // Other formats come with the `pattern` zod emits beside them.
  if (schema.format === 'uri' && !urlOk(schema, value)) return fail('not a valid URL');
  return null;
}

function numberProblem(
  schema: JsonSchema,
  value: number,
  fail: (problem: string) => Problem,
): Problem | null {
  if (schema.minimum !== undefined && value < schema.minimum)
    return fail(`below ${schema.minimum}`);
  if (schema.maximum !== undefined && value > schema.maximum)
    return fail(`above ${schema.maximum}`);
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum)
    return fail(`not above ${schema.exclusiveMinimum}`);
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum)
    return fail(`not below ${schema.exclusiveMaximum}`);
  return null;
}

function arrayProblem(
  schema: JsonSchema,
  value: unknown[],
  path: string,
  fail: (problem: string) => Problem,
): Problem | null {
  if (schema.minItems !== undefined && value.length < schema.minItems)
    return fail(`fewer than ${schema.minItems} items`);
  if (schema.maxItems !== undefined && value.length > schema.maxItems)
    return fail(`more than ${schema.maxItems} items`);
  if (!schema.items) return null;
  for (let i = 0; i < value.length; i++) {
    const problem = check(schema.items, value[i], `${path}[${i}]`);
    if (problem) return problem;
  }
  return null;
}

function objectProblem(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: string,
): Problem | null {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  for (const key of schema.required ?? []) {
    if (!(key in value) || value[key] === undefined) return { path: at(key), problem: 'missing' };
  }
  const properties = schema.properties ?? {};
  for (const [key, child] of Object.entries(value)) {
    const propertySchema = properties[key];
    // Optional keys may be absent or undefined, as zod's .optional() allows.
    if (child === undefined && propertySchema) continue;
    if (schema.propertyNames) {
      const keyProblem = check(schema.propertyNames, key, at(key));
      if (keyProblem) return keyProblem;
    }
    const childSchema =
      propertySchema ??
      (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
    if (!childSchema) continue;
    const problem = check(childSchema, child, at(key));
    if (problem) return problem;
  }
  return null;
}

/** Throws a ValidationError (classified as such by lib/errors) when `value` misses `schema`. */
export function assertMatches(schema: JsonSchema, value: unknown): void {
  const problem = findProblem(schema, value);
  if (problem) throw problem;
}

/** Keywords in `schema` (at any depth) that the checker does not understand. */
export function unsupportedKeywords(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) unsupportedKeywords(item, found);
  } else if (schema && typeof schema === 'object') {
    for (const [key, child] of Object.entries(schema)) {
      if (!SUPPORTED_KEYWORDS.has(key)) found.add(key);
      // The values of these keywords are data or name maps, not schemas.
      if (key === 'enum' || key === 'const' || key === 'default' || key === 'required') continue;
      if (key === 'properties' && child && typeof child === 'object') {
        for (const propertySchema of Object.values(child))
          unsupportedKeywords(propertySchema, found);
      } else unsupportedKeywords(child, found);
    }
  }
  return found;
}
