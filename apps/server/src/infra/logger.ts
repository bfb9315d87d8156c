import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { AppConfig } from '../config';

// Credentials and visitor ids are secrets (ARCHITECTURE "Wire conventions"): they never
// reach a log line, wherever a feature happens to log them.
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-visitor-id"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-visitor-id"]',
  '*.password',
  '*.new_password',
  '*.current_password',
  '*.pin',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.api_key',
  '*.apiKey',
  '*.vertex_credentials',
  '*.credentialsJson',
  '*.secret',
  '*.jwtSecret',
];

/** Query parameters that carry credentials (websocket user_id is the visitor id). */
const SECRET_QUERY_PARAMS = [
  'user_id',
  'token',
  'access_token',
  'refresh_token',
  'code',
  'state',
  'key',
];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const name of SECRET_QUERY_PARAMS) if (params.has(name)) params.set(name, '[Redacted]');
  return `${url.slice(0, q)}?${params.toString()}`;
}

export interface LoggerOverrides extends Partial<LoggerOptions> {
  /** Where log lines go (tests capture or silence them). Default: stdout. */
  stream?: DestinationStream;
}

export function buildLoggerOptions(
  config: AppConfig,
  overrides: LoggerOverrides = {},
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
      }),
    },
    ...overrides,
  };
}
