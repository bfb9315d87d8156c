import type { IncomingHttpHeaders } from 'node:http';

/** Faults answered with the provider's HTTP error (or its in-stream error, given fault-after). */
export const HTTP_FAULTS = [
  '429',
  '500',
  '503',
  'context_length',
  'auth',
  'quota',
  'model_not_found',
] as const;
/** Faults that break the transport instead of answering with an error. */
export const TRANSPORT_FAULTS = ['drop', 'stall'] as const;
/**
 * A 200 answer in the wrong shape: a non-streamed reply without its content, or one stream
 * event of the right kind with a field of the wrong type (the rest of the stream is normal).
 */
export const REPLY_FAULTS = ['malformed'] as const;
export const SIM_FAULTS = [...HTTP_FAULTS, ...TRANSPORT_FAULTS, ...REPLY_FAULTS] as const;

export type HttpFault = (typeof HTTP_FAULTS)[number];
export type TransportFault = (typeof TRANSPORT_FAULTS)[number];
export type SimFault = (typeof SIM_FAULTS)[number];

export interface SimDefaults {
  /** Delay before the first token (and before a non-streamed answer starts "generating"). */
  ttftMs: number;
  tokensPerSecond: number;
  /** Answer length (ending at a whole markdown block); a smaller max_tokens cuts it off. */
  lengthTokens: number;
}

export const DEFAULT_SIM_DEFAULTS: Readonly<SimDefaults> = Object.freeze({
  ttftMs: 10,
  tokensPerSecond: 400,
  lengthTokens: 300,
});

export interface SimKnobs extends SimDefaults {
  fault: SimFault | undefined;
  /** Tokens sent before a drop, stall or in-stream error; undefined = fault at the start. */
  faultAfterTokens: number | undefined;
}

export class KnobError extends Error {}

// A `]` or space inside a double-quoted string (a tool call's JSON arguments) does not end it.
const DIRECTIVE_PATTERN = /\[sim\b((?:"(?:[^"\\]|\\.)*"|[^\]"])*)\]/gi;

type KnobName = 'ttft' | 'tps' | 'tokens' | 'fault' | 'fault-after';
const KNOB_NAMES: readonly KnobName[] = ['ttft', 'tps', 'tokens', 'fault', 'fault-after'];
/** Read by tool-directive.ts (tool calls in steps), not a pacing or fault knob. */
const CALL_KNOB = 'call';

function isKnobName(name: string): name is KnobName {
  return (KNOB_NAMES as readonly string[]).includes(name);
}

function isSimFault(value: string): value is SimFault {
  return (SIM_FAULTS as readonly string[]).includes(value);
}

export function isHttpFault(fault: SimFault | undefined): fault is HttpFault {
  return fault !== undefined && (HTTP_FAULTS as readonly string[]).includes(fault);
}

/** Removes `[sim …]` directives so they do not change the (deterministic) answer. */
export function stripDirectives(prompt: string): string {
  return prompt.replace(DIRECTIVE_PATTERN, '').replace(/\s+/g, ' ').trim();
}

/**
 * The `name=value` pairs of every `[sim …]` directive, in order. Pairs are separated by
 * whitespace outside double-quoted strings and braces, so JSON values may hold spaces.
 */
export function directivePairs(prompt: string): Array<{ name: string; value: string }> {
  const pairs: Array<{ name: string; value: string }> = [];
  for (const match of prompt.matchAll(DIRECTIVE_PATTERN)) {
    const body = match[1] ?? '';
    let current = '';
    let depth = 0;
    let quoted = false;
    const flush = (): void => {
      if (current === '') return;
      const at = current.indexOf('=');
      pairs.push(
        at < 0
          ? { name: current, value: '' }
          : { name: current.slice(0, at), value: current.slice(at + 1) },
      );
      current = '';
    };
    for (let i = 0; i < body.length; i++) {
      const char = body[i]!;
      if (quoted) {
        current += char;
        if (char === '\\' && i + 1 < body.length) current += body[++i];
        else if (char === '"') quoted = false;
      } else if (/\s/.test(char) && depth === 0) flush();
      else {
        current += char;
        if (char === '"') quoted = true;
        else if (char === '{' || char === '[') depth++;
        else if ((char === '}' || char === ']') && depth > 0) depth--;
      }
    }
    flush();
  }
  return pairs;
}

function readDirectives(prompt: string): Map<KnobName, string> {
  const found = new Map<KnobName, string>();
  for (const { name: rawName, value } of directivePairs(prompt)) {
    const name = rawName.toLowerCase().replace('_', '-');
    if (name === CALL_KNOB) continue;
    if (!isKnobName(name)) {
      throw new KnobError(
        `[sim] directive: unknown knob '${rawName}' (known: ${[...KNOB_NAMES, CALL_KNOB].join(', ')})`,
      );
    }
    found.set(name, value);
  }
  return found;
}

function readHeaders(headers: IncomingHttpHeaders): Map<KnobName, string> {
  const found = new Map<KnobName, string>();
  for (const name of KNOB_NAMES) {
    const value = headers[`x-sim-${name}`];
    if (typeof value === 'string') found.set(name, value.trim());
  }
  return found;
}

function parseCount(source: string, value: string, allowZero: boolean): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < (allowZero ? 0 : 1)) {
    throw new KnobError(
      `${source}: expected a whole number${allowZero ? '' : ' above 0'}, got '${value}'`,
    );
  }
  return parsed;
}

/**
 * Knobs come from the defaults, then `x-sim-*` headers, then a `[sim …]` directive in the
 * last user prompt — the directive wins because a person typing it in the demo chat means it
 * for that one message, whatever headers the caller set by default.
 */
export function resolveKnobs(
  headers: IncomingHttpHeaders,
  lastUserPrompt: string,
  defaults: SimDefaults,
): SimKnobs {
  const merged = new Map<KnobName, string>([
    ...readHeaders(headers),
    ...readDirectives(lastUserPrompt),
  ]);
  const knobs: SimKnobs = { ...defaults, fault: undefined, faultAfterTokens: undefined };
  for (const [name, value] of merged) {
    const source = `x-sim-${name}`;
    switch (name) {
      case 'ttft':
        knobs.ttftMs = parseCount(source, value, true);
        break;
      case 'tps':
        knobs.tokensPerSecond = parseCount(source, value, false);
        break;
      case 'tokens':
        knobs.lengthTokens = parseCount(source, value, false);
        break;
      case 'fault': {
        const fault = value.toLowerCase();
        if (!isSimFault(fault)) {
          throw new KnobError(
            `${source}: unknown fault '${value}' (known: ${SIM_FAULTS.join(', ')})`,
          );
        }
        knobs.fault = fault;
        break;
      }
      case 'fault-after':
        knobs.faultAfterTokens = parseCount(source, value, true);
        break;
    }
  }
  return knobs;
}
