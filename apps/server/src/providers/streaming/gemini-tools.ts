import type { ChatRequest, ToolCall, ToolChoice } from '../chat-types';
import type { ToolCallEvent } from './openai-tools';
import { invalidReply, optionalRecord, optionalString } from './wire';

/**
 * The Schema keywords `functionDeclarations[].parameters` takes (an OpenAPI 3.0 subset); the
 * API refuses the request for any other (`$schema`, `additionalProperties`, `$ref`, `const`…).
 */
const SCHEMA_KEYWORDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/** Bounds the walk over a caller's schema (bounded work per request). */
const MAX_SCHEMA_DEPTH = 32;

/** A JSON Schema reduced to what Gemini accepts; `type: [x, "null"]` becomes `nullable`. */
export function geminiSchema(schema: unknown, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  if (depth > MAX_SCHEMA_DEPTH) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (!SCHEMA_KEYWORDS.has(key)) continue;
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((type) => type !== 'null');
      if (types.length < value.length) out.nullable = true;
      if (types.length === 1) out.type = types[0];
      else if (types.length > 1) out.anyOf = types.map((type: unknown) => ({ type }));
    } else if (key === 'properties' && typeof value === 'object' && value !== null) {
      out.properties = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, property]) => [
          name,
          geminiSchema(property, depth + 1),
        ]),
      );
    } else if (key === 'items') out.items = geminiSchema(value, depth + 1);
    else if (key === 'anyOf' && Array.isArray(value))
      out.anyOf = value.map((option) => geminiSchema(option, depth + 1));
    else out[key] = value;
  }
  return out;
}

function functionCallingConfig(choice: ToolChoice): Record<string, unknown> {
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

/**
 * generateContent's tool fields; nothing when the request offers no tools. Gemini has no
 * setting for parallel calls, so `parallelToolCalls` is not sent.
 */
export function geminiToolFields(request: ChatRequest): Record<string, unknown> {
  const tools = request.tools ?? [];
  if (tools.length === 0) return {};
  return {
    tools: [
      {
        functionDeclarations: tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: geminiSchema(tool.parameters),
        })),
      },
    ],
    ...(request.toolChoice === undefined
      ? {}
      : { toolConfig: { functionCallingConfig: functionCallingConfig(request.toolChoice) } }),
  };
}

/**
 * The documented stand-in for a thought signature the history lacks: Gemini 3 refuses a
 * step's calls sent back without one (calls made by another provider, or kept without it).
 */
const SKIP_SIGNATURE = 'skip_thought_signature_validator';

function argsOf(call: ToolCall): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(call.arguments);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function functionCallParts(
  calls: readonly ToolCall[],
  model: string,
): Record<string, unknown>[] {
  const needsSignature = /gemini-[3-9]/.test(model) && !calls.some((call) => call.signature);
  return calls.map((call, index) => ({
    functionCall: { name: call.name, args: argsOf(call) },
    ...(call.signature
      ? { thoughtSignature: call.signature }
      : needsSignature && index === 0
        ? { thoughtSignature: SKIP_SIGNATURE }
        : {}),
  }));
}

/** A result as Gemini documents it: `output`, or `error` when the call failed. */
export function functionResponsePart(turn: {
  name: string;
  content: string;
  isError?: boolean | undefined;
}): Record<string, unknown> {
  return {
    functionResponse: {
      name: turn.name,
      response: turn.isError ? { error: turn.content } : { output: turn.content },
    },
  };
}

/**
 * A `functionCall` part, whole in one chunk. Gemini sends no call id (Vertex and the
 * Gemini API may in time: one given is kept), so the step-local `call_<n>` stands in; results
 * are matched by name.
 */
export function readFunctionCall(
  part: Record<string, unknown>,
  index: number,
  data: string,
): ToolCallEvent | undefined {
  const value = optionalRecord(part.functionCall, 'part.functionCall', data);
  if (!value) return undefined;
  const name = optionalString(value.name, 'functionCall.name', data);
  if (name === undefined || name === '') return invalidReply('functionCall without a name', data);
  const args = optionalRecord(value.args, 'functionCall.args', data);
  const id = optionalString(value.id, 'functionCall.id', data);
  const signature = optionalString(part.thoughtSignature, 'part.thoughtSignature', data);
  return {
    type: 'tool_call',
    index,
    call: {
      id: id ?? `call_${index}`,
      name,
      arguments: JSON.stringify(args ?? {}),
      ...(signature === undefined ? {} : { signature }),
    },
  };
}
