import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUTH_FALLBACK_MESSAGES,
  CHAT_ERROR_CODES,
  CLIENT_ERROR_TYPES,
  CONNECTION_ERROR_MESSAGES,
  ERROR_SEVERITIES,
  INTERCEPTOR_MESSAGES,
  MESSAGES,
  NON_HTTP_POLICIES,
  OTHER_STATUS_FALLBACK_MESSAGE,
  ROUTES,
  STATUS_POLICIES,
  WS_ERROR_MAPPING,
  interceptorMessageForStatus,
} from './index';

// The spec lives beside the repository (<repo>/../shared); PARALLAX_SPEC_PATH overrides it.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const specPath =
  process.env.PARALLAX_SPEC_PATH ?? resolve(repoRoot, '../shared/spec/product-spec.md');
const spec = readFileSync(specPath, 'utf8');

/**
 * Loading placeholders that are ours: the spec quotes only two examples ('Loading chat
 * interface...', 'Loading admin dashboard...'), so the other screens' texts cannot be in it.
 */
const OWN_LOADING_TEXTS = new Set([
  'Loading pricing...',
  'Loading sign in...',
  'Loading sign up...',
  'Loading verification...',
  'Loading password recovery...',
  'Loading password reset...',
  'Signing in with Google...',
  'Signing in with Apple...',
  'Loading chats...',
  'Loading compare...',
  'Loading projects...',
  'Loading favourites...',
  'Loading prompt templates...',
  'Loading prompt generator...',
  'Loading vault...',
  'Loading API keys...',
  'Loading profile...',
  'Loading support...',
  'Loading subscription...',
  'Loading checkout...',
]);

function labelled(
  prefix: string,
  record: Readonly<Record<string, string>>,
): Array<[string, string]> {
  return Object.entries(record).map(([key, text]) => [`${prefix}.${key}`, text]);
}

function userFacingTexts(): Array<[string, string]> {
  const messageStrings = Object.fromEntries(
    Object.entries(MESSAGES as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return [
    ...Object.entries(STATUS_POLICIES).map(([status, p]): [string, string] => [
      `STATUS_POLICIES.${status}`,
      p.userMessage,
    ]),
    ['OTHER_STATUS_FALLBACK_MESSAGE', OTHER_STATUS_FALLBACK_MESSAGE],
    ...Object.entries(NON_HTTP_POLICIES).map(([kind, p]): [string, string] => [
      `NON_HTTP_POLICIES.${kind}`,
      p.userMessage,
    ]),
    ...labelled('INTERCEPTOR_MESSAGES', INTERCEPTOR_MESSAGES),
    // The spec writes the template with a {n} placeholder.
    ['interceptorMessageForStatus(418)', interceptorMessageForStatus(418).replace('418', '{n}')],
    ...labelled('AUTH_FALLBACK_MESSAGES', AUTH_FALLBACK_MESSAGES),
    ...WS_ERROR_MAPPING.map((m): [string, string] => [`WS_ERROR_MAPPING.${m.kind}`, m.message]),
    ...labelled('CONNECTION_ERROR_MESSAGES', CONNECTION_ERROR_MESSAGES),
    ...labelled('MESSAGES', messageStrings),
    ['MESSAGES.responseValidationFailed', MESSAGES.responseValidationFailed('{provider}')],
    ...[...CLIENT_ERROR_TYPES, ...ERROR_SEVERITIES, ...CHAT_ERROR_CODES].map(
      (code): [string, string] => ['code', code],
    ),
    ...ROUTES.filter((r) => !OWN_LOADING_TEXTS.has(r.loadingText)).map((r): [string, string] => [
      `ROUTES[${r.path}].loadingText`,
      r.loadingText,
    ]),
  ];
}

describe('texts quoted from the spec', () => {
  it('appear verbatim in the spec', () => {
    const missing = userFacingTexts()
      .filter(([, text]) => !spec.includes(text))
      .map(([where, text]) => `${where}: ${JSON.stringify(text)}`);
    expect(missing).toEqual([]);
  });

  it('covers the loading placeholders the spec quotes', () => {
    const checked = new Set(userFacingTexts().map(([, text]) => text));
    for (const quoted of [
      'Loading chat interface...',
      'Loading admin dashboard...',
      'Loading...',
    ]) {
      expect(checked).toContain(quoted);
    }
  });

  it('exempts only loading texts that routes really use', () => {
    const used = new Set(ROUTES.map((r) => r.loadingText));
    expect([...OWN_LOADING_TEXTS].filter((t) => !used.has(t))).toEqual([]);
  });

  it('gives every status with a policy a text for people, never an empty one', () => {
    for (const policy of Object.values(STATUS_POLICIES))
      expect(policy.userMessage.length).toBeGreaterThan(10);
  });
});
