import * as contract from '@parallax/contract';
import fc from 'fast-check';
import wireSchemas from 'virtual:wire-schemas';
import { describe, expect, it } from 'vitest';
import { findProblem, unsupportedKeywords } from './json-schema-check';
import { WIRE_SCHEMA_NAMES, type WireSchemaName } from './wire-schema-names';

/*
 * The browser checks answers against JSON Schema generated from the contract (no zod in the
 * bundle). These tests hold it to zod's own verdict: for valid answers and for every single-spot
 * corruption of them, the generated check accepts exactly when the contract's schema does.
 */

const NOW = '2026-05-01T10:00:00.000Z';

const chatMessage = {
  id: 'm1',
  conversation_id: 'c1',
  type: 'user',
  content: 'Hello',
  response: 'Hi **there**',
  created_at: NOW,
  updated_at: '2026-05-01T10:00:01+02:00',
  is_authenticated: false,
  provider: 'openai',
  model: 'gpt-4o',
  model_friendly_name: 'GPT-4o',
  status: 'completed',
  attachments: [{ id: 'a1', filename: 'a.png', content_type: 'image/png', size: 12, url: '/x' }],
  tokens: 42,
  error: null,
  request_id: 'r1',
  comparison_id: null,
  parent_id: null,
  sibling_ids: ['m1'],
  sibling_index: 0,
  question_version_ids: ['m1'],
  question_version_index: 0,
  answer_sibling_ids: ['m1'],
  answer_sibling_index: 0,
  sources: [],
};

const SAMPLES: Array<[WireSchemaName, unknown]> = [
  [
    'HistoryResponse',
    { messages: [chatMessage], has_more: true, cursor: 'abc', remaining_messages: 3 },
  ],
  [
    'Conversation',
    {
      id: 'c1',
      title: 'New chat',
      kind: 'regular',
      is_favourite: false,
      project_id: null,
      comparison_id: null,
      created_at: NOW,
      updated_at: NOW,
      last_message_at: null,
      message_count: 2,
    },
  ],
  [
    'ModelsResponse',
    {
      models: [
        {
          id: 'openai:gpt-4o',
          provider: 'openai',
          model: 'gpt-4o',
          friendly_name: 'GPT-4o',
          available: true,
          unavailable_reason: null,
          context_window: 128_000,
          input_price_per_million: 2.5,
          output_price_per_million: 10,
          supports_vision: true,
          input_kinds: ['text', 'images', 'files'],
          description: 'A general model.',
          is_demo: false,
        },
      ],
      default_model: 'openai:gpt-4o',
    },
  ],
  [
    'User',
    {
      id: 'u1',
      email: 'ada@example.com',
      name: null,
      avatar_url: null,
      role: 'user',
      email_verified: true,
      preferences: { theme: 'dark', default_provider: null, default_model: null },
      created_at: NOW,
    },
  ],
  [
    'ServerWsMessage',
    { type: 'ai_token', message_id: 'm1', token: 'Hi', sequence: 3, is_complete: false },
  ],
  ['ServerWsMessage', { type: 'ai_status', status: 'streaming', message_id: 'm1' }],
  ['OAuthLoginResponse', { auth_url: 'https://accounts.example.com/o/auth?x=1' }],
  ['AllocateIdResponse', { message_id: 'm9' }],
];

function zodAccepts(name: WireSchemaName, value: unknown): boolean {
  return contract[name].safeParse(value).success;
}

function checkerAccepts(name: WireSchemaName, value: unknown): boolean {
  return findProblem(wireSchemas[name], value) === null;
}

type Path = Array<string | number>;

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value))
    return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([key, child]) => [
      [...prefix, key],
      ...pathsOf(child, [...prefix, key]),
    ]);
  return [];
}

/** A deep copy of `value` with the spot at `path` replaced, or deleted when `replacement` is undefined. */
function corrupt(value: unknown, path: Path, replacement: unknown): unknown {
  const copy: unknown = structuredClone(value);
  let parent = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  const last = path.at(-1);
  if (last === undefined) return replacement;
  if (replacement === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = replacement;
  return copy;
}

const oddValues = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    '',
    'x',
    -1,
    0,
    1.5,
    2 ** 60,
    true,
    [],
    {},
    'not a date',
    '2026-02-30T10:00:00Z',
    'http://insecure.example.com',
    'javascript:alert(1)',
    'openai',
    'streaming',
    'x'.repeat(300),
  ),
  fc.jsonValue({ maxDepth: 2 }),
);

describe('generated wire schemas', () => {
  it('exist for every name and use only keywords the checker understands', () => {
    for (const name of WIRE_SCHEMA_NAMES) {
      expect(wireSchemas[name], name).toBeTypeOf('object');
      expect([...unsupportedKeywords(wireSchemas[name])], name).toEqual([]);
    }
  });

  it.each(SAMPLES)('accept a valid %s, as zod does', (name, sample) => {
    expect(zodAccepts(name, sample)).toBe(true);
    expect(checkerAccepts(name, sample)).toBe(true);
  });

  it('agree with zod on every single-spot corruption of a valid answer', () => {
    const cases = SAMPLES.flatMap(([name, sample]) =>
      pathsOf(sample).map((path) => ({ name, sample, path })),
    );
    fc.assert(
      fc.property(fc.constantFrom(...cases), oddValues, ({ name, sample, path }, replacement) => {
        const value = corrupt(sample, path, replacement);
        expect(checkerAccepts(name, value), `${name} at ${path.join('.')}`).toBe(
          zodAccepts(name, value),
        );
      }),
      { numRuns: 3_000 },
    );
  });

  it('say where the problem is', () => {
    const value = corrupt(SAMPLES[0]?.[1], ['messages', 0, 'status'], 'unknown');
    expect(findProblem(wireSchemas.HistoryResponse, value)?.message).toBe(
      'Unexpected response shape at messages[0].status: expected one of "pending", "streaming", "completed", "error", "cancelled"',
    );
  });
});
