import { randomBytes } from 'node:crypto';
import { directivePairs, KnobError } from './knobs';

/**
 * Tool calls on cue. `[sim call=a{"q":"x"}|b call=c{}]` makes the model call `a` and `b` in
 * parallel in its first step, `c` in its second, then answer from the results it was sent.
 * Arguments are a JSON object (spaces allowed inside strings); none means `{}`.
 */
export interface SimToolCall {
  name: string;
  input: Record<string, unknown>;
}

export type ToolStep = readonly SimToolCall[];

/** What a request says about tools, read from its body by each provider's parser. */
export interface ToolConversation {
  /** Names of the functions the request offers. */
  offered: readonly string[];
  /** The request forbids calls (tool_choice none, mode NONE). */
  choiceNone: boolean;
  /** Assistant turns with tool calls after the last user prompt: the steps already taken. */
  stepsTaken: number;
  /** Tool results after the last user prompt, in the order given. */
  results: readonly string[];
}

export const NO_TOOLS: ToolConversation = Object.freeze({
  offered: [],
  choiceNone: false,
  stepsTaken: 0,
  results: [],
});

/** A call as the wires send it: with an id and its arguments as JSON text. */
export interface PlannedCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  arguments: string;
}

export type ToolPlan =
  | { kind: 'calls'; calls: readonly SimToolCall[] }
  | { kind: 'answer'; text: string }
  | { kind: 'none' };

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** Splits on `|` outside double-quoted strings and braces. */
function splitCalls(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (quoted) {
      current += char;
      if (char === '\\' && i + 1 < value.length) current += value[++i];
      else if (char === '"') quoted = false;
    } else if (char === '|' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += char;
      if (char === '"') quoted = true;
      else if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && depth > 0) depth--;
    }
  }
  parts.push(current);
  return parts;
}

function parseCall(text: string): SimToolCall {
  const brace = text.indexOf('{');
  const name = brace < 0 ? text : text.slice(0, brace);
  if (!TOOL_NAME.test(name))
    throw new KnobError(`[sim] directive: call '${text}' does not start with a tool name`);
  if (brace < 0) return { name, input: {} };
  let input: unknown;
  try {
    input = JSON.parse(text.slice(brace));
  } catch {
    throw new KnobError(`[sim] directive: the arguments of call '${name}' are not JSON`);
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new KnobError(`[sim] directive: the arguments of call '${name}' are not a JSON object`);
  return { name, input: input as Record<string, unknown> };
}

/** The steps of every `call=` in the last user prompt's directives, in order. */
export function readToolSteps(prompt: string): ToolStep[] {
  return directivePairs(prompt)
    .filter((pair) => pair.name.toLowerCase() === 'call')
    .map((pair) => splitCalls(pair.value).map(parseCall));
}

/**
 * The next step: the directive's calls for this step when the request offers every tool they
 * name (a model cannot call what it was not offered), the answer from the results once every
 * step was taken, or the ordinary answer.
 */
export function planToolStep(steps: readonly ToolStep[], tools: ToolConversation): ToolPlan {
  if (steps.length === 0) return { kind: 'none' };
  const step = steps[tools.stepsTaken];
  const callable =
    step !== undefined &&
    !tools.choiceNone &&
    step.every((call) => tools.offered.includes(call.name));
  if (callable) return { kind: 'calls', calls: step };
  // Before any call: the ordinary answer; after some: the answer from their results.
  return tools.stepsTaken === 0
    ? { kind: 'none' }
    : { kind: 'answer', text: answerFromResults(tools.results) };
}

const QUOTE_CHARS = 80;

/**
 * The final answer quotes the start of each result and cites it by its place, so a test can see
 * which results reached the model and in what order.
 */
export function answerFromResults(results: readonly string[]): string {
  if (results.length === 0) return 'The tools returned nothing to go on.';
  const lines = results.map((result, index) => {
    const flat = result.replace(/\s+/g, ' ').trim();
    const quote = flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS)}…` : flat;
    return `${index + 1}. "${quote}" [${index + 1}]`;
  });
  return `From the tool results:\n\n${lines.join('\n')}\n`;
}

/** Gives each call an id in the provider's style (Gemini sends none: `prefix` undefined). */
export function planCalls(
  calls: readonly SimToolCall[],
  prefix: string | undefined,
): PlannedCall[] {
  return calls.map((call) => ({
    id: prefix === undefined ? '' : `${prefix}${randomBytes(12).toString('base64url')}`,
    name: call.name,
    input: call.input,
    arguments: JSON.stringify(call.input),
  }));
}

/** Arguments split in pieces of a few characters, as providers stream them (at least two). */
export function argumentPieces(json: string, size = 8): string[] {
  if (json.length <= 1) return [json];
  const width = Math.min(size, Math.ceil(json.length / 2));
  const pieces: string[] = [];
  for (let at = 0; at < json.length; at += width) pieces.push(json.slice(at, at + width));
  return pieces;
}
