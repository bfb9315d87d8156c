// @vitest-environment node
import { TELEMETRY_BATCH_MAX, TelemetryRequest } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabaseEnv } from '../../../e2e/support/database';
import { startServer, type RunningServer } from '../../../e2e/support/server-process';
import { createEventTracker } from './event-tracker';

/*
 * What the web's usage-event tracker really produces, posted over HTTP to the real server
 * process on the run's database: a fresh SQLite file, or with DATABASE_URL=postgres://… (and
 * REDIS_URL, passed through) a fresh PostgreSQL database and the shared rate limiter.
 */
const SECRETS = {
  message: 'my private message about the merger',
  accessToken:
    'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyXzEiLCJleHAiOjE3MDAwMDAwMDB9.c2lnbmF0dXJlc2lnbmF0dXJl',
  apiKey: 'sk-proj-Abc123Def456Ghi789Jkl012Mno345',
  password: 'Violet kettle 42 drums',
};

/** Beyond the logging routes' 60 requests a minute per address (the server's rate limit). */
const MORE_THAN_A_MINUTES_ALLOWANCE = 100;

let server: RunningServer;
let dropDatabase: () => Promise<void> = async () => {};
/** One address per run: the limiter's counts outlive a server when they live in Redis. */
const clientAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;

beforeAll(async () => {
  const database = await freshDatabaseEnv();
  dropDatabase = database.drop;
  // The default TRUST_PROXY (loopback) lets this test speak for the address it names.
  server = await startServer(database.env);
}, 90_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await server?.stop();
  await dropDatabase();
});

const post = (body: string, contentType: string) =>
  fetch(`${server.url}/api/v1/logging/telemetry`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, 'x-forwarded-for': clientAddress },
  });

/** The tracker as the page runs it, its flush and beacon captured on their way out. */
function trackerSendingTo(sent: string[], beacons: string[]) {
  return createEventTracker({
    enabled: true,
    endpoint: `${server.url}/api/v1/logging/telemetry`,
    send: async (_url, body) => {
      sent.push(body);
      return post(body, 'application/json');
    },
    beacon: (_url, body) => beacons.push(body) > 0,
  });
}

describe('event tracker → POST /api/v1/logging/telemetry', () => {
  it('is accepted with 202 and carries no message text, token, key or password', async () => {
    const sent: string[] = [];
    const tracker = trackerSendingTo(sent, []);
    tracker.setUserId('user_1');
    tracker.track('page_view', {
      path: `/chats/c_1?token=${SECRETS.accessToken}`,
      referrer: `https://example.com/?key=${SECRETS.apiKey}`,
    });
    tracker.track('message_sent', {
      model: 'gpt-5-mini',
      message: SECRETS.message,
      content: SECRETS.message,
      attachments: 2,
    });
    tracker.track('compare_started', { models: 3, prompt: SECRETS.message });
    tracker.track('vote', { winner: 'left', note: `Bearer ${SECRETS.accessToken}` });
    tracker.track('error', {
      error_type: 'NETWORK_ERROR',
      detail: `login failed with password=${SECRETS.password}`,
      headers: { authorization: `Bearer ${SECRETS.accessToken}`, 'x-api-key': SECRETS.apiKey },
    });
    await tracker.flush();

    expect(sent).toHaveLength(1);
    const body = sent[0] ?? '';
    const request = TelemetryRequest.parse(JSON.parse(body));
    expect(request.events.map((e) => e.event_type)).toEqual([
      'page_view',
      'message_sent',
      'compare_started',
      'vote',
      'error',
    ]);
    expect(request.events.every((e) => e.user_id === 'user_1')).toBe(true);
    for (const secret of Object.values(SECRETS)) expect(body).not.toContain(secret);
    // What a count needs stays: the model, a number, the error's type.
    expect(request.events[1]?.properties).toMatchObject({ model: 'gpt-5-mini', attachments: 2 });
    expect(request.events[4]?.properties).toMatchObject({ error_type: 'NETWORK_ERROR' });

    // The same body once more, read back: the server took every event.
    const res = await post(body, 'application/json');
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ accepted: 5 });
  });

  it('fits a busy page into the batch cap: every flush is accepted, nothing refused', async () => {
    const sent: string[] = [];
    const tracker = trackerSendingTo(sent, []);
    for (let i = 0; i < TELEMETRY_BATCH_MAX + 20; i += 1)
      tracker.track('page_view', { path: `/chats/c_${i}`, title: 'x'.repeat(5_000) });
    await tracker.flush();
    await tracker.flush();
    expect(sent.map((b) => TelemetryRequest.parse(JSON.parse(b)).events.length)).toEqual([
      TELEMETRY_BATCH_MAX,
      20,
    ]);
    for (const body of sent) expect((await post(body, 'application/json')).status).toBe(202);
  });

  it('takes the unload beacon as Chromium sends it (a Blob typed application/json) or as text', async () => {
    // The page's unload events, on the node globals the tracker listens on.
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible' }));
    const beacons: string[] = [];
    const tracker = trackerSendingTo([], beacons);
    tracker.start();
    tracker.track('page_view', { path: '/compare' });
    window.dispatchEvent(new Event('pagehide'));
    tracker.stop();
    expect(beacons).toHaveLength(1);
    const beacon = beacons[0] ?? '';
    const asBlob = await post(beacon, 'application/json');
    expect(asBlob.status).toBe(202);
    expect(await asBlob.json()).toEqual({ accepted: 1 });
    const asText = await post(beacon, 'text/plain;charset=UTF-8');
    expect(asText.status).toBe(202);
  });

  it('is rate-limited per address like the error route', async () => {
    const sent: string[] = [];
    const tracker = trackerSendingTo(sent, []);
    tracker.track('page_view', { path: '/' });
    await tracker.flush();
    const answers: number[] = [];
    // Earlier tests of this file already spent part of the address's allowance.
    while (answers.length < MORE_THAN_A_MINUTES_ALLOWANCE && answers.at(-1) !== 429)
      answers.push((await post(sent[0] ?? '', 'application/json')).status);
    expect(answers.at(-1)).toBe(429);
    expect(new Set(answers.slice(0, -1))).toEqual(new Set([202]));
  });
});
