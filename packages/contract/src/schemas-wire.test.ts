import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import {
  ClientWsMessage,
  ErrorBody,
  HealthResponse,
  LogErrorsRequest,
  TelemetryRequest,
  parseClientWsMessage,
  parseServerWsMessage,
  type LogEntry,
  type ServerWsMessage,
} from './index';

function rejectedPaths(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => i.path.join('.'));
}

describe('common', () => {
  it('round-trips the health answer, with a silent database too', () => {
    const healthy = {
      status: 'ok' as const,
      database: { dialect: 'sqlite' as const, status: 'ok' as const, latency_ms: 0.4 },
      draining: false,
      version: '0.1.0',
      uptime_seconds: 12,
    };
    expect(
      HealthResponse.parse(JSON.parse(JSON.stringify(z.encode(HealthResponse, healthy)))),
    ).toEqual(healthy);
    const down = {
      ...healthy,
      status: 'degraded' as const,
      database: { dialect: 'postgres' as const, status: 'error' as const, latency_ms: null },
      redis: { status: 'error' as const, latency_ms: null },
    };
    expect(HealthResponse.parse(down)).toEqual(down);
    expect(
      rejectedPaths(HealthResponse, {
        ...healthy,
        database: { ...healthy.database, dialect: 'mysql' },
      }),
    ).toEqual(['database.dialect']);
  });

  it('reads error bodies', () => {
    const body = {
      error: 'verification_required',
      detail: 'Verify your email first.',
      request_id: 'req-1',
    };
    expect(ErrorBody.parse(body)).toEqual(body);
    expect(rejectedPaths(ErrorBody, { detail: 'x', request_id: 'r' })).toEqual(['error']);
  });
});

describe('logging', () => {
  const entry: LogEntry = {
    id: 'err_1',
    error: {
      type: 'NETWORK_ERROR',
      severity: 'HIGH',
      message: 'Network Error',
      user_message: 'Unable to connect.',
      retryable: true,
    },
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    url: 'https://app.example.com/chats/c_1',
    user_id: null,
    session_id: 'visitor_Zk3mQ9vX1bT7rL2pW8yN4c',
    timestamp: '2025-11-21T09:00:00.000Z',
    breadcrumbs: [
      {
        timestamp: '2025-11-21T08:59:58.000Z',
        category: 'navigation',
        message: '/ → /chats/c_1',
        data: { from: '/' },
      },
    ],
    performance: { long_task_ms: 72 },
    stack_trace: 'Error: Network Error\n    at xhr.onerror (http.ts:41:9)',
  };

  it('accepts a realistic batch', () => {
    expect(LogErrorsRequest.parse({ errors: [entry] })).toEqual({ errors: [entry] });
    const events = [
      {
        event_type: 'model_selected',
        properties: { provider: 'gemini', first: true },
        timestamp: entry.timestamp,
        session_id: 's',
        user_id: 'u_1',
      },
    ];
    expect(TelemetryRequest.parse({ events })).toEqual({ events });
  });

  it('caps breadcrumbs at 50 and refuses empty or nested payloads', () => {
    const crumb = entry.breadcrumbs[0]!;
    expect(
      LogErrorsRequest.safeParse({ errors: [{ ...entry, breadcrumbs: Array(50).fill(crumb) }] })
        .success,
    ).toBe(true);
    expect(
      rejectedPaths(LogErrorsRequest, {
        errors: [{ ...entry, breadcrumbs: Array(51).fill(crumb) }],
      }),
    ).toEqual(['errors.0.breadcrumbs']);
    expect(rejectedPaths(LogErrorsRequest, { errors: [] })).toEqual(['errors']);
    expect(
      rejectedPaths(LogErrorsRequest, { errors: [{ ...entry, url: 'x'.repeat(2049) }] }),
    ).toEqual(['errors.0.url']);
    const tooManyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    expect(
      rejectedPaths(TelemetryRequest, {
        events: [
          {
            event_type: 'e',
            properties: tooManyKeys,
            timestamp: entry.timestamp,
            session_id: 's',
            user_id: null,
          },
        ],
      }),
    ).toEqual(['events.0.properties']);
    expect(
      rejectedPaths(TelemetryRequest, {
        events: [
          {
            event_type: 'e',
            properties: { deep: { a: 1 } },
            timestamp: entry.timestamp,
            session_id: 's',
            user_id: null,
          },
        ],
      }),
    ).toEqual(['events.0.properties.deep']);
  });
});

describe('websocket messages', () => {
  const serverMessages: ServerWsMessage[] = [
    { type: 'connection_established', connection_id: 'conn_8f2' },
    { type: 'pong', timestamp: 1732179600000 },
    { type: 'ai_status', status: 'working', message_id: 'm_1', stage: 'Searching the web' },
    {
      type: 'ai_status',
      status: 'error',
      details: 'Upstream closed the stream',
      message_id: 'm_1',
    },
    { type: 'ai_progress', progress: 40, stage: 'Reading sources', message_id: 'm_1' },
    { type: 'ai_token', message_id: 'm_1', token: 'High tide', sequence: 1, is_complete: false },
    { type: 'ai_token', message_id: 'm_1', token: '', sequence: 2, is_complete: true },
    { type: 'error', error: 'Rate limit exceeded upstream', code: 'rate_limit', message_id: 'm_1' },
    { type: 'error', error: 'Authentication failed', code: 'unauthorized' },
  ];

  it.each(serverMessages)('parses a server $type frame', (frame) => {
    expect(parseServerWsMessage(JSON.stringify(frame))).toEqual(frame);
  });

  it.each([
    ['not JSON', 'ai_token hello'],
    ['JSON that is not an object', '"pong"'],
    ['an unknown type', '{"type":"ai_thought","message_id":"m_1"}'],
    [
      'a token without message_id',
      '{"type":"ai_token","token":"x","sequence":1,"is_complete":false}',
    ],
    [
      'a token with sequence 0',
      '{"type":"ai_token","message_id":"m","token":"x","sequence":0,"is_complete":false}',
    ],
    ['a status outside the spec', '{"type":"ai_status","status":"thinking","message_id":"m"}'],
    ['a client frame', '{"type":"ping","timestamp":1}'],
    ['empty input', ''],
  ])('gives null for %s', (_, raw) => {
    expect(parseServerWsMessage(raw)).toBeNull();
  });

  it('drops fields it does not know, so the server can add some', () => {
    expect(parseServerWsMessage('{"type":"pong","timestamp":5,"server":"a"}')).toEqual({
      type: 'pong',
      timestamp: 5,
    });
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (raw) => {
        const parsed = parseServerWsMessage(raw);
        return parsed === null || ServerWsMessageTypes.has(parsed.type);
      }),
    );
  });

  it('parses client frames: ping, resume, auth', () => {
    const frames: ClientWsMessage[] = [
      { type: 'ping', timestamp: 1732179600000 },
      { type: 'resume', message_id: 'm_1', last_sequence: 0 },
      { type: 'resume', message_id: 'm_1', last_sequence: 128 },
      { type: 'auth', access_token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig' },
    ];
    for (const f of frames) expect(parseClientWsMessage(JSON.stringify(f))).toEqual(f);
    expect(
      parseClientWsMessage('{"type":"resume","message_id":"m_1","last_sequence":-1}'),
    ).toBeNull();
    expect(parseClientWsMessage('{"type":"resume","last_sequence":3}')).toBeNull();
    expect(
      rejectedPaths(ClientWsMessage, { type: 'resume', message_id: 'm', last_sequence: 1.5 }),
    ).toEqual(['last_sequence']);
  });
});

const ServerWsMessageTypes = new Set([
  'connection_established',
  'pong',
  'ai_token',
  'ai_status',
  'ai_progress',
  'error',
]);

describe('every exported schema', () => {
  const schemas = Object.entries(contract as Record<string, unknown>).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );

  it('is found', () => {
    expect(schemas.length).toBeGreaterThan(60);
  });

  // The server publishes OpenAPI from these schemas; a one-way transform would make a request
  // schema undocumentable and a response schema unserialisable.
  it.each(schemas)('%s converts to JSON Schema both ways', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'output' })).not.toThrow();
  });
});
