import { randomBytes, randomUUID } from 'node:crypto';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { HistoryResponse, MessageResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asMessage,
  newVisitorId,
  postJson,
  sendBody,
  TestSocket,
  visitorHeaders,
} from '../../../../test/chat';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../../../test/database';
import { startServerProcess, type ServerProcess } from '../../../../test/server-process';

describe('a process killed mid-answer', () => {
  let sim: ProviderSim;
  let database: TestDatabase;
  let temp: { dir: string; remove(): void };
  const processes: ServerProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
    temp = createTempDir();
    database = await createTestDatabase(temp.dir);
    env = {
      DATA_DIR: temp.dir,
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      OPENAI_API_KEY: 'sk-test-kill',
      OPENAI_BASE_URL: sim.baseUrls.openai,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    };
  });
  afterAll(async () => {
    for (const p of processes) await p.kill();
    await database.drop();
    temp.remove();
    await sim.close();
  });

  it('leaves the message in error (interrupted) once another process runs, with its partial text, and it can be retried', async () => {
    const first = await startServerProcess(env);
    processes.push(first);
    const visitor = newVisitorId();
    const connectionId = randomUUID();
    const socket = await TestSocket.open(first.baseUrl, connectionId, visitor);
    const body = sendBody('a long answer [sim tokens=2000 tps=50]');
    const sent = asMessage(
      (
        await postJson(
          first.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, connectionId),
          body,
        )
      ).json,
    );
    expect(sent.status).toBe('streaming');
    // Long enough for the partial text to have been persisted (every 500 ms at most).
    await socket.waitFor((f) => f.type === 'ai_token' && f.sequence >= 60, 15_000);
    await first.kill();

    const second = await startServerProcess(env);
    processes.push(second);
    const read = async () =>
      (await (
        await fetch(
          `${second.baseUrl}/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
          { headers: visitorHeaders(visitor) },
        )
      ).json()) as HistoryResponse;
    await expect
      .poll(async () => (await read()).messages[0]?.status, { timeout: 20_000, interval: 500 })
      .toBe('error');
    const interrupted = (await read()).messages[0];
    expect(interrupted?.response?.length).toBeGreaterThan(0);
    expect(interrupted?.error).toBeTruthy();

    const retried = await postJson(
      second.baseUrl,
      '/api/v1/chat/messages',
      visitorHeaders(visitor),
      { ...body, message: 'try again [sim tokens=5]', conversation_id: sent.conversation_id },
    );
    expect(retried.status).toBe(200);
    expect(retried.json as MessageResponse).toMatchObject({ id: sent.id, status: 'completed' });
  }, 150_000);
});
