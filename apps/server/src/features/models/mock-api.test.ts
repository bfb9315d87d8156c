import { randomUUID } from 'node:crypto';
import { ModelsResponse, type ModelInfo } from '@parallax/contract';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppPair, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import {
  createChatTestApp,
  newVisitorId,
  sendAndFollow,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import type { ChatStreamEvent } from '../../providers/chat-types';
import { MODEL_ROW_TTL_MS } from './models.service';

/** The demo upstream honours the sim's inline knobs: a short, fast answer. */
const FAST = '[sim ttft=0 tps=2000 tokens=40]';

async function setMockApi(app: FastifyInstance, enabled: boolean) {
  const admin = await registerAndSignIn(app, { admin: true });
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/admin/feature-flags/mock_api',
    headers: bearer(admin.accessToken),
    payload: { enabled },
  });
  expect(res.statusCode).toBe(200);
}

/** As an admin sees it: unreachable models listed too, with the reason. */
async function listModels(t: TestApp): Promise<ModelInfo[]> {
  const admin = await registerAndSignIn(t.app, { admin: true });
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/models',
    headers: bearer(admin.accessToken),
  });
  return ModelsResponse.parse(res.json()).models;
}

async function textOf(stream: AsyncIterable<ChatStreamEvent>): Promise<string> {
  let text = '';
  for await (const event of stream) if (event.type === 'text') text += event.text;
  return text;
}

describe('the mock API flag', () => {
  let t: TestApp | ChatTestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers chat sends from the offline demo model, never the configured provider', async () => {
    const chat = await createChatTestApp();
    t = chat;
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(chat.baseUrl, connectionId, visitor);
    const headers = visitorHeaders(visitor, connectionId);

    // Off (the default): the provider's upstream answers.
    const real = await sendAndFollow(socket, chat.baseUrl, headers, `Hello ${FAST}`, 15_000);
    expect(real.sent.status).toBe('streaming');
    const upstreamCalls = chat.sim.requests.length;
    expect(upstreamCalls).toBeGreaterThan(0);

    await setMockApi(chat.app, true);
    const mocked = await sendAndFollow(socket, chat.baseUrl, headers, `Hello ${FAST}`, 15_000);
    expect(mocked.sent.status).toBe('streaming');
    expect(mocked.tokens.map((f) => f.token).join('').length).toBeGreaterThan(20);
    expect(chat.sim.requests.length).toBe(upstreamCalls);

    await setMockApi(chat.app, false);
    await sendAndFollow(socket, chat.baseUrl, headers, `Hello ${FAST}`, 15_000);
    expect(chat.sim.requests.length).toBeGreaterThan(upstreamCalls);
    socket.close();
  }, 60_000);

  it('makes every model available without any provider key, answered by the demo model', async () => {
    t = await createTestApp();
    const before = await listModels(t);
    const anthropic = before.find((m) => m.provider === 'anthropic');
    expect(anthropic?.available).toBe(false);
    await expect(t.app.models.resolve(anthropic?.id ?? '')).rejects.toMatchObject({
      code: 'service_unavailable',
    });

    await setMockApi(t.app, true);
    const after = await listModels(t);
    expect(after.map((m) => m.id)).toEqual(before.map((m) => m.id));
    expect(after.every((m) => m.available && m.unavailable_reason === null)).toBe(true);
    const text = await textOf(
      await t.app.models.streamChat(anthropic?.id ?? '', {
        messages: [{ role: 'user', content: `Explain caching ${FAST}` }],
      }),
    );
    expect(text.length).toBeGreaterThan(20);
  });

  it('reaches the other process: at once through the bus, at the latest when its cache expires', async () => {
    const pair = await createTestAppPair();
    try {
      // The registry's catalogue, unreachable models included (users are not offered those).
      const anthropicId = async () =>
        (await pair.b.models.list()).find((m) => m.provider === 'anthropic')?.id ?? '';
      const id = await anthropicId();
      // B has read the switch (off) and keeps it; A's admin turns it on.
      await expect(pair.b.models.resolve(id)).rejects.toMatchObject({
        code: 'service_unavailable',
      });
      await setMockApi(pair.a, true);
      await expect
        .poll(
          () =>
            pair.b.models.resolve(id).then(
              ({ info }) => info.available,
              () => false,
            ),
          {
            timeout: MODEL_ROW_TTL_MS + 3_000,
            interval: 100,
          },
        )
        .toBe(true);
    } finally {
      await pair.close();
    }
  }, 30_000);
});
