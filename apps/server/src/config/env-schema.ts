import { z } from 'zod';
import { McpServerName } from '@parallax/contract';
import { decodeSettingsKey } from '../infra/settings-key';

/**
 * What each env variable may hold (config.ts turns the parsed env into AppConfig). Kept apart
 * from the loader so the list of names, which the README table must match, reads in one place.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

// Values are never echoed in messages: several of these keys are secrets.
const optionalText = z.string().optional();
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional();

function integer(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return defaultValue;
      const value = Number(raw);
      if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer between ${min} and ${max}` });
        return z.NEVER;
      }
      return value;
    });
}

/** One entry of MCP_STDIO_SERVERS: `{ name, title?, command, args?, env? }`. */
const McpStdioServerEntry = z
  .object({
    name: McpServerName,
    title: z.string().min(1).max(80).optional(),
    command: z.string().min(1).max(1_000),
    args: z.array(z.string().max(4_000)).max(100).default([]),
    env: z.record(z.string(), z.string()).default({}),
  })
  .strict();
export type McpStdioServerConfig = z.infer<typeof McpStdioServerEntry>;

export const envSchema = z.object({
  PORT: integer(3000, 1, 65_535),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: httpUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
      message: 'must be sqlite:<path>, sqlite::memory: or postgres://…',
    })
    .optional(),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Parallax <no-reply@localhost>'),
  SUPPORT_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  JWT_SECRET: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 32, {
      message: 'must be at least 32 bytes long',
    })
    .optional(),
  ADMIN_EMAILS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const emails = (raw ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter((e) => e.length > 0);
      const bad = emails.filter((e) => !z.email().safeParse(e).success);
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `not an email address: ${bad.join(', ')}` });
        return z.NEVER;
      }
      return emails;
    }),
  // Not in ARCHITECTURE's list: scaled mode sits behind a load balancer whose address must be
  // trusted for rate limits to see client IPs, while a directly exposed process must not be.
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((v): boolean | string => (v === 'true' ? true : v === 'false' ? false : v)),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: httpUrl,
  ANTHROPIC_API_KEY: optionalText,
  ANTHROPIC_BASE_URL: httpUrl,
  GEMINI_API_KEY: optionalText,
  GEMINI_BASE_URL: httpUrl,
  GOOGLE_VERTEX_PROJECT: optionalText,
  GOOGLE_VERTEX_LOCATION: optionalText,
  GOOGLE_APPLICATION_CREDENTIALS: optionalText,
  GOOGLE_VERTEX_BASE_URL: httpUrl,
  // ARCHITECTURE names base URLs `<PROVIDER>_BASE_URL` after the provider ids (google, grok);
  // the vendor-named forms above win when both are set.
  GOOGLE_BASE_URL: httpUrl,
  XAI_API_KEY: optionalText,
  XAI_BASE_URL: httpUrl,
  GROK_BASE_URL: httpUrl,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: httpUrl,
  BILLING_GRACE_DAYS: integer(3, 0, 60),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_TEAM_ID: optionalText,
  APPLE_KEY_ID: optionalText,
  // Env files cannot hold newlines, so a PEM may arrive with literal "\n" sequences.
  APPLE_PRIVATE_KEY: optionalText.transform((v) => v?.replace(/\\n/g, '\n')),
  OAUTH_ISSUER_GOOGLE: httpUrl,
  OAUTH_ISSUER_APPLE: httpUrl,
  VISITOR_DAILY_LIMIT: integer(10, 0, 1_000_000),
  FREE_DAILY_LIMIT: integer(50, 0, 1_000_000),
  // Not in ARCHITECTURE's list: blind votes per account and UTC day that count on the global
  // arena board; later ones are kept and shown as excluded (README configuration table).
  ARENA_DAILY_VOTE_CAP: integer(200, 0, 1_000_000),
  // Not in ARCHITECTURE's list: a rolling restart's drain (README "Rolling restarts").
  SHUTDOWN_GRACE_MS: integer(30_000, 0, 3_600_000),
  // Not in ARCHITECTURE's list: the admin console's provider keys are sealed under this key,
  // kept outside the database (64 hex characters or 44 base64 characters: 32 bytes).
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((v) => decodeSettingsKey(v) !== undefined, {
      message: 'must be 32 bytes as 64 hex characters or base64',
    })
    .optional(),
  // Base URLs set in the admin console are an SSRF surface: https to public addresses only,
  // unless this allows a local gateway (or the provider simulator in tests).
  ALLOW_PRIVATE_PROVIDER_URLS: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  // A command line is code execution: stdio MCP servers come from here only (issue 37).
  MCP_STDIO_SERVERS: z
    .string()
    .optional()
    .transform((text, ctx): McpStdioServerConfig[] => {
      if (text === undefined) return [];
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of servers' });
        return z.NEVER;
      }
      const parsed = z.array(McpStdioServerEntry).max(20).safeParse(json);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      ctx.addIssue({
        code: 'custom',
        message: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      });
      return z.NEVER;
    }),
  LOG_RETENTION_DAYS: integer(30, 1, 3650),
  // Not in ARCHITECTURE's list: a provider the server cannot reach is hidden from users until
  // a probe (or a real call) gets an answer again (README configuration table).
  PROVIDER_UNREACHABLE_AFTER_FAILURES: integer(3, 1, 100),
  PROVIDER_PROBE_INTERVAL_SECONDS: integer(300, 1, 86_400),
  PROVIDER_PROBE_RETRY_SECONDS: integer(30, 1, 86_400),
  METRICS_TOKEN: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') >= 16, {
      message: 'must be at least 16 bytes long',
    })
    .optional(),
});

export type ParsedEnv = z.output<typeof envSchema>;

/** Every env name the server reads; the README's configuration table must list exactly these. */
export const CONFIG_KEYS: readonly string[] = Object.keys(envSchema.shape);
