import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTempDir } from '../test/database';
import { ConfigError, loadConfig } from './config';
import { JWT_SECRET_FILE } from './infra/jwt-secret';
import { SETTINGS_KEY_FILE } from './infra/settings-key';

let temp: ReturnType<typeof createTempDir>;
beforeEach(() => {
  temp = createTempDir();
});
afterEach(() => temp.remove());

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: temp.dir });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.appUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe(temp.dir);
    expect(config.databaseUrl).toBe(`sqlite:${path.join(temp.dir, 'parallax.db')}`);
    expect(config.limits).toEqual({ visitorDaily: 10, freeDaily: 50 });
    expect(config.adminEmails).toEqual([]);
    expect(config.logLevel).toBe('info');
    expect(config.redisUrl).toBeUndefined();
    expect(config.providers.openai).toEqual({ apiKey: undefined, baseUrl: undefined });
  });

  it('resolves DATA_DIR from the working directory and derives APP_URL from PORT', () => {
    const config = loadConfig({ DATA_DIR: 'data', PORT: '4123' }, temp.dir);
    expect(config.dataDir).toBe(path.join(temp.dir, 'data'));
    expect(config.databaseUrl).toBe(`sqlite:${path.join(temp.dir, 'data', 'parallax.db')}`);
    const relative = loadConfig({ DATA_DIR: 'data', DATABASE_URL: 'sqlite:db/x.db' }, temp.dir);
    expect(relative.databaseUrl).toBe(`sqlite:${path.join(temp.dir, 'db', 'x.db')}`);
    expect(config.appUrl).toBe('http://localhost:4123');
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      DATA_DIR: temp.dir,
      APP_URL: 'https://chat.example.com/',
      DATABASE_URL: 'postgres://u@db:5432/parallax',
      ADMIN_EMAILS: ' Ann@Example.com, bob@example.com ,',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: 'http://127.0.0.1:9000/v1',
      GOOGLE_VERTEX_PROJECT: 'p',
      GOOGLE_VERTEX_LOCATION: 'us-central1',
      APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
      VISITOR_DAILY_LIMIT: '3',
      FREE_DAILY_LIMIT: '0',
      JWT_SECRET: 'x'.repeat(32),
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(config.appUrl).toBe('https://chat.example.com');
    expect(config.supportEmail).toBe('help@example.com');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/parallax');
    expect(config.adminEmails).toEqual(['ann@example.com', 'bob@example.com']);
    expect(config.providers.openai).toEqual({
      apiKey: 'sk-test',
      baseUrl: 'http://127.0.0.1:9000/v1',
    });
    expect(config.providers.googleVertex.location).toBe('us-central1');
    expect(config.oauth.apple.privateKey).toBe(
      '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
    );
    expect(config.limits).toEqual({ visitorDaily: 3, freeDaily: 0 });
    expect(config.jwtSecret).toBe('x'.repeat(32));
  });

  it('is frozen all the way down', () => {
    const config = loadConfig({ DATA_DIR: temp.dir });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.providers.openai)).toBe(true);
    expect(Object.isFrozen(config.adminEmails)).toBe(true);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ DATA_DIR: temp.dir, PORT: '', REDIS_URL: '  ' });
    expect(config.port).toBe(3000);
    expect(config.redisUrl).toBeUndefined();
  });

  it('names every bad key at once, without echoing values', () => {
    const error = configError(() =>
      loadConfig({
        DATA_DIR: temp.dir,
        PORT: 'eighty',
        APP_URL: 'not a url',
        DATABASE_URL: 'mysql://db',
        REDIS_URL: 'http://redis',
        JWT_SECRET: 'short-secret-value',
        ADMIN_EMAILS: 'ann@example.com,nobody',
        LOG_LEVEL: 'loud',
        OPENAI_BASE_URL: 'ftp://x',
        VISITOR_DAILY_LIMIT: '-1',
        GOOGLE_CLIENT_ID: 'id-only',
        SUPPORT_EMAIL: 'the help desk',
      }),
    );
    const keys = error.issues.map((i) => i.key).sort();
    expect(keys).toEqual(
      [
        'ADMIN_EMAILS',
        'APP_URL',
        'DATABASE_URL',
        'GOOGLE_CLIENT_SECRET',
        'JWT_SECRET',
        'LOG_LEVEL',
        'OPENAI_BASE_URL',
        'PORT',
        'REDIS_URL',
        'SUPPORT_EMAIL',
        'VISITOR_DAILY_LIMIT',
      ].sort(),
    );
    for (const key of keys) expect(error.message).toContain(`${key}:`);
    expect(error.message).toContain('at least 32 bytes');
    expect(error.message).not.toContain('short-secret-value');
  });

  it('generates a JWT secret once, keeps it private, and reuses it on the next boot', () => {
    const first = loadConfig({ DATA_DIR: temp.dir });
    const file = path.join(temp.dir, JWT_SECRET_FILE);
    expect(Buffer.from(first.jwtSecret, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ DATA_DIR: temp.dir });
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(fs.readdirSync(temp.dir).sort()).toEqual([JWT_SECRET_FILE, SETTINGS_KEY_FILE]);
  });

  it('generates the settings key once, keeps it private, and reuses it on the next boot', () => {
    const first = loadConfig({ DATA_DIR: temp.dir });
    expect(Buffer.from(first.settingsKey, 'base64').length).toBe(32);
    expect(fs.statSync(path.join(temp.dir, SETTINGS_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: temp.dir }).settingsKey).toBe(first.settingsKey);
  });

  it('uses a given SETTINGS_ENCRYPTION_KEY, and names a malformed one', () => {
    const hex = 'ab'.repeat(32);
    const config = loadConfig({ DATA_DIR: temp.dir, SETTINGS_ENCRYPTION_KEY: hex });
    expect(Buffer.from(config.settingsKey, 'base64').toString('hex')).toBe(hex);
    expect(fs.existsSync(path.join(temp.dir, SETTINGS_KEY_FILE))).toBe(false);
    const error = configError(() =>
      loadConfig({ DATA_DIR: temp.dir, SETTINGS_ENCRYPTION_KEY: 'too-short' }),
    );
    expect(error.issues.map((i) => i.key)).toEqual(['SETTINGS_ENCRYPTION_KEY']);
  });

  it('refuses a secret file that is too short', () => {
    fs.writeFileSync(path.join(temp.dir, JWT_SECRET_FILE), 'tiny');
    const error = configError(() => loadConfig({ DATA_DIR: temp.dir }));
    expect(error.issues.map((i) => i.key)).toEqual(['JWT_SECRET']);
  });

  it('uses a given JWT_SECRET and writes no file', () => {
    const config = loadConfig({ DATA_DIR: temp.dir, JWT_SECRET: 'y'.repeat(40) });
    expect(config.jwtSecret).toBe('y'.repeat(40));
    expect(fs.existsSync(path.join(temp.dir, JWT_SECRET_FILE))).toBe(false);
  });
});
