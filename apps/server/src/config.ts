import path from 'node:path';
import {
  envSchema,
  type LogLevel,
  type McpStdioServerConfig,
  type ParsedEnv,
} from './config/env-schema';
import { parseDatabaseUrl } from './db/dialect';
import { resolveJwtSecret } from './infra/jwt-secret';
import { decodeSettingsKey, resolveSettingsKey } from './infra/settings-key';

/**
 * Env → typed, frozen config (ARCHITECTURE "Configuration"). Every env name lives here and in
 * config/env-schema.ts, nowhere else; features read `app.config`, never `process.env`.
 */

export {
  CONFIG_KEYS,
  LOG_LEVELS,
  type LogLevel,
  type McpStdioServerConfig,
} from './config/env-schema';

export interface ProviderEndpoint {
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
}

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  /** Public origin of the app, without trailing slash (links in mails, CORS, CSP, cookies). */
  readonly appUrl: string;
  /** Absolute. */
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly redisUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  /** Where people who cannot sign in (a disabled account) write to; told in that refusal. */
  readonly supportEmail: string | undefined;
  readonly jwtSecret: string;
  /** Lower-cased. */
  readonly adminEmails: readonly string[];
  readonly logLevel: LogLevel;
  /** Fastify's trustProxy: which hops' X-Forwarded-* headers count (client IP for rate limits). */
  readonly trustProxy: boolean | string;
  readonly providers: {
    readonly openai: ProviderEndpoint;
    readonly anthropic: ProviderEndpoint;
    readonly gemini: ProviderEndpoint;
    readonly googleVertex: {
      readonly project: string | undefined;
      readonly location: string | undefined;
      readonly credentialsFile: string | undefined;
      /** The service-account JSON key itself (set in the admin console); wins over the file. */
      readonly credentialsJson?: string | undefined;
      readonly baseUrl: string | undefined;
    };
    readonly xai: ProviderEndpoint;
  };
  readonly stripe: {
    readonly secretKey: string | undefined;
    readonly publishableKey: string | undefined;
    readonly webhookSecret: string | undefined;
    readonly apiBase: string | undefined;
    /** Days a past-due subscription keeps its plan after a failed renewal. */
    readonly graceDays: number;
  };
  readonly oauth: {
    readonly google: {
      readonly clientId: string | undefined;
      readonly clientSecret: string | undefined;
      readonly issuer: string | undefined;
    };
    readonly apple: {
      readonly clientId: string | undefined;
      readonly teamId: string | undefined;
      readonly keyId: string | undefined;
      readonly privateKey: string | undefined;
      readonly issuer: string | undefined;
    };
  };
  readonly arena: {
    /** Blind votes per account and UTC day that count toward the global board. */
    readonly dailyVoteCap: number;
  };
  readonly limits: {
    readonly visitorDaily: number;
    readonly freeDaily: number;
  };
  /** How long a SIGTERM'd process lets its running answers finish before it interrupts them. */
  readonly shutdownGraceMs: number;
  /**
   * The 32-byte key that seals provider API keys set in the admin console (AES-256-GCM):
   * SETTINGS_ENCRYPTION_KEY, or generated once into `<DATA_DIR>/settings-key`. Base64 (a
   * Buffer cannot be frozen with the rest of the config).
   */
  readonly settingsKey: string;
  /** Provider base URLs may point at http, private, loopback or link-local addresses. */
  readonly allowPrivateProviderUrls: boolean;
  /** MCP servers started as local commands (stdio): only ever from this env, never the web. */
  readonly mcpStdioServers: readonly McpStdioServerConfig[];
  /** Days browser error reports and usage events are kept before the prune job deletes them. */
  readonly logRetentionDays: number;
  /** Bearer token for GET /metrics; unset means the endpoint does not exist (404). */
  readonly metricsToken: string | undefined;
  /** When a provider counts as unreachable and how often it is probed (provider-health.*). */
  readonly providerHealth: {
    readonly failuresBeforeUnreachable: number;
    readonly probeIntervalMs: number;
    readonly probeRetryMs: number;
  };
}

export interface ConfigIssue {
  key: string;
  message: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly issues: readonly ConfigIssue[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i.key}: ${i.message}`).join('\n')}`);
  }
}

export type Env = Readonly<Record<string, string | undefined>>;

// Half-configured pairs fail at first use, far from the cause; name them at boot instead.
// Checked on the raw env (not in the zod schema) so they are reported alongside field errors.
const REQUIRED_TOGETHER: readonly (readonly [string, string])[] = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GOOGLE_VERTEX_PROJECT', 'GOOGLE_VERTEX_LOCATION'],
];
const REQUIRED_WITH: readonly (readonly [need: string, when: string])[] = [
  ['STRIPE_WEBHOOK_SECRET', 'STRIPE_SECRET_KEY'],
];

function missingCompanions(env: Record<string, string>): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const [a, b] of REQUIRED_TOGETHER) {
    if (a in env !== b in env) {
      const [missing, present] = a in env ? [b, a] : [a, b];
      issues.push({ key: missing, message: `is required when ${present} is set` });
    }
  }
  for (const [need, when] of REQUIRED_WITH) {
    if (when in env && !(need in env))
      issues.push({ key: need, message: `is required when ${when} is set` });
  }
  return issues;
}

/** Empty values count as unset: `FOO=` in an env file means "not configured". */
function withoutEmptyValues(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim();
  }
  return out;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** Relative SQLite paths resolve against the same directory as DATA_DIR, once, here. */
function absoluteDatabaseUrl(url: string, cwd: string): string {
  const target = parseDatabaseUrl(url, cwd);
  return target.dialect === 'sqlite' ? `sqlite:${target.filename}` : url;
}

/**
 * Validates the whole env at once and throws one ConfigError naming every bad key. When
 * JWT_SECRET is absent a secret is generated once and kept in `<DATA_DIR>/jwt-secret`.
 */
export function loadConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const cleaned = withoutEmptyValues(env);
  const parsed = envSchema.safeParse(cleaned);
  const issues = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ key: String(i.path[0] ?? 'env'), message: i.message }))),
    ...missingCompanions(cleaned),
  ];
  if (!parsed.success || issues.length > 0) throw new ConfigError(issues);
  const e: ParsedEnv = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const jwtSecret =
    e.JWT_SECRET === undefined
      ? resolveJwtSecret(dataDir)
      : { ok: true as const, secret: e.JWT_SECRET };
  if (!jwtSecret.ok) throw new ConfigError([{ key: 'JWT_SECRET', message: jwtSecret.message }]);
  const settingsKey =
    e.SETTINGS_ENCRYPTION_KEY === undefined
      ? resolveSettingsKey(dataDir)
      : { ok: true as const, key: decodeSettingsKey(e.SETTINGS_ENCRYPTION_KEY) ?? '' };
  if (!settingsKey.ok)
    throw new ConfigError([{ key: 'SETTINGS_ENCRYPTION_KEY', message: settingsKey.message }]);

  const config: AppConfig = {
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: absoluteDatabaseUrl(
      e.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'parallax.db')}`,
      cwd,
    ),
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    jwtSecret: jwtSecret.secret,
    adminEmails: e.ADMIN_EMAILS,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    providers: {
      openai: { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL },
      anthropic: { apiKey: e.ANTHROPIC_API_KEY, baseUrl: e.ANTHROPIC_BASE_URL },
      gemini: { apiKey: e.GEMINI_API_KEY, baseUrl: e.GEMINI_BASE_URL },
      googleVertex: {
        project: e.GOOGLE_VERTEX_PROJECT,
        location: e.GOOGLE_VERTEX_LOCATION,
        credentialsFile: e.GOOGLE_APPLICATION_CREDENTIALS,
        baseUrl: e.GOOGLE_VERTEX_BASE_URL ?? e.GOOGLE_BASE_URL,
      },
      xai: { apiKey: e.XAI_API_KEY, baseUrl: e.XAI_BASE_URL ?? e.GROK_BASE_URL },
    },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
      graceDays: e.BILLING_GRACE_DAYS,
    },
    oauth: {
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        issuer: e.OAUTH_ISSUER_GOOGLE,
      },
      apple: {
        clientId: e.APPLE_CLIENT_ID,
        teamId: e.APPLE_TEAM_ID,
        keyId: e.APPLE_KEY_ID,
        privateKey: e.APPLE_PRIVATE_KEY,
        issuer: e.OAUTH_ISSUER_APPLE,
      },
    },
    limits: { visitorDaily: e.VISITOR_DAILY_LIMIT, freeDaily: e.FREE_DAILY_LIMIT },
    arena: { dailyVoteCap: e.ARENA_DAILY_VOTE_CAP },
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    settingsKey: settingsKey.key,
    allowPrivateProviderUrls: e.ALLOW_PRIVATE_PROVIDER_URLS === 'true',
    mcpStdioServers: e.MCP_STDIO_SERVERS,
    logRetentionDays: e.LOG_RETENTION_DAYS,
    metricsToken: e.METRICS_TOKEN,
    providerHealth: {
      failuresBeforeUnreachable: e.PROVIDER_UNREACHABLE_AFTER_FAILURES,
      probeIntervalMs: e.PROVIDER_PROBE_INTERVAL_SECONDS * 1000,
      // The first re-probe never waits longer than the regular interval.
      probeRetryMs:
        Math.min(e.PROVIDER_PROBE_RETRY_SECONDS, e.PROVIDER_PROBE_INTERVAL_SECONDS) * 1000,
    },
  };
  return deepFreeze(config);
}
