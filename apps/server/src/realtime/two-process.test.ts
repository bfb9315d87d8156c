import { randomBytes, randomUUID } from 'node:crypto';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import type { HistoryResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asMessage,
  newVisitorId,
  postJson,
  sendAndFollow,
  sendBody,
  TestSocket,
  visitorHeaders,
} from '../../test/chat';
import {
  createTempDir,
  createTestDatabase,
  isPostgresRun,
  type TestDatabase,
} from '../../test/database';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

const scaled = isPostgresRun() && process.env.REDIS_URL !== undefined;

describe.skipIf(!scaled)(
  'two processes on one PostgreSQL + Redis (skipped unless DATABASE_URL=postgres://… and REDIS_URL are set)',
  () => {
    let sim: ProviderSim;
    let database: TestDatabase;
    let temp: { dir: string; remove(): void };
    let a: ServerProcess;
    let b: ServerProcess;

    beforeAll(async () => {
      sim = await startProviderSim({ port: 0, host: '127.0.0.1' });
      temp = createTempDir();
      database = await createTestDatabase(temp.dir);
      const env = {
        DATA_DIR: temp.dir,
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL ?? '',
        JWT_SECRET: randomBytes(32).toString('hex'),
        OPENAI_API_KEY: 'sk-test-two',
        OPENAI_BASE_URL: sim.baseUrls.openai,
      };
      // One after the other: the second boot finds the schema migrated.
      a = await startServerProcess(env);
      b = await startServerProcess(env);
    }, 60_000);
    afterAll(async () => {
      await a?.kill();
      await b?.stop();
      await database?.drop();
      temp?.remove();
      await sim?.close();
    });

    it("refuses another owner's socket on the id in the other process; the holder keeps streaming", async () => {
      const owner = newVisitorId();
      const connectionId = randomUUID();
      const onA = await TestSocket.open(a.baseUrl, connectionId, owner);
      const squatter = await TestSocket.open(b.baseUrl, connectionId, newVisitorId(), {
        established: false,
      });
      expect(await squatter.closed()).toBe(4401);
      // A second socket of the same owner in B joins, then leaves without taking A's along.
      const twin = await TestSocket.open(b.baseUrl, connectionId, owner);
      twin.close();
      await twin.closed();
      for (const via of [a, b]) {
        const { sent, tokens } = await sendAndFollow(
          onA,
          via.baseUrl,
          visitorHeaders(owner, connectionId),
          'still streaming here',
          15_000,
        );
        expect(sent.status).toBe('streaming');
        expect(tokens.length).toBeGreaterThan(0);
      }
      expect(onA.closeCode).toBeUndefined();
      onA.close();
    }, 60_000);

    it('streams a send made through B to the socket on A, then resumes on B after A is killed', async () => {
      const visitor = newVisitorId();
      const connectionId = randomUUID();
      const onA = await TestSocket.open(a.baseUrl, connectionId, visitor);
      const sent = asMessage(
        (
          await postJson(
            b.baseUrl,
            '/api/v1/chat/messages',
            visitorHeaders(visitor, connectionId),
            sendBody('across processes [sim tokens=300 tps=60]'),
          )
        ).json,
      );
      // B saw A's socket through Redis presence: the answer streams.
      expect(sent.status).toBe('streaming');
      await onA.waitFor((f) => f.type === 'ai_token' && f.sequence >= 10, 15_000);
      await a.kill();
      await onA.closed();
      const seen = onA.tokens(sent.id);
      const last = seen.at(-1)?.sequence ?? 0;

      const onB = await TestSocket.open(b.baseUrl, connectionId, visitor);
      onB.send({ type: 'resume', message_id: sent.id, last_sequence: last });
      await onB.waitFor(
        (f) => f.type === 'ai_token' && f.message_id === sent.id && f.is_complete,
        30_000,
      );
      const all = [...seen, ...onB.tokens(sent.id)];
      expect(all.map((t) => t.sequence)).toEqual(all.map((_, i) => i + 1));
      const history = (await (
        await fetch(`${b.baseUrl}/api/v1/chat/messages?conversation_id=${sent.conversation_id}`, {
          headers: visitorHeaders(visitor),
        })
      ).json()) as HistoryResponse;
      expect(history.messages[0]?.status).toBe('completed');
      expect(all.map((t) => t.token).join('')).toBe(history.messages[0]?.response);
      onB.close();
    }, 60_000);

    it('cancels through one process a generation running in the other', async () => {
      // A is gone; a fresh process to cancel through is started before the send, so its
      // boot time (seconds on a loaded machine) cannot outlast the answer.
      const c = await startServerProcess({
        DATA_DIR: temp.dir,
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL ?? '',
        OPENAI_API_KEY: 'sk-test-two',
        OPENAI_BASE_URL: sim.baseUrls.openai,
        JWT_SECRET: randomBytes(32).toString('hex'),
      });
      const visitor = newVisitorId();
      const connectionId = randomUUID();
      const socket = await TestSocket.open(b.baseUrl, connectionId, visitor);
      try {
        const sent = asMessage(
          (
            await postJson(
              b.baseUrl,
              '/api/v1/chat/messages',
              visitorHeaders(visitor, connectionId),
              sendBody('cancel me [sim tokens=2000 tps=40]'),
            )
          ).json,
        );
        await socket.waitFor((f) => f.type === 'ai_token');
        const closed = new Promise<number>((resolve) =>
          sim.on('client-close', () => resolve(Date.now())),
        );
        const started = Date.now();
        const res = await postJson(c.baseUrl, '/api/v1/chat/cancel', visitorHeaders(visitor), {
          message_id: sent.id,
        });
        expect(res.json).toEqual({ cancelled: true });
        expect((await closed) - started).toBeLessThan(1_000);
        await socket.waitFor(
          (f) => f.type === 'ai_status' && f.status === 'completed' && f.details === 'cancelled',
        );
      } finally {
        await c.stop();
        socket.close();
      }
    }, 60_000);
  },
);
