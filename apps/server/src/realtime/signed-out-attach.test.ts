import { WS_SIGNED_OUT } from '@parallax/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryBus } from '../infra/bus/memory-bus';
import { RealtimeHub } from './realtime-hub';

/** The part of a ws socket the hub touches, recording how it was closed. */
class FakeSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  closedWith: { code: number; reason: string } | undefined;
  send(): void {}
  close(code: number, reason: string): void {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }
}

const hubs: RealtimeHub[] = [];

async function hub(): Promise<RealtimeHub> {
  const created = new RealtimeHub(
    new MemoryBus({ maxEntries: 10, ttlMs: 1_000 }),
    pino({ level: 'silent' }) as FastifyBaseLogger,
    async () => false,
  );
  await created.start();
  hubs.push(created);
  return created;
}

afterEach(async () => {
  for (const h of hubs.splice(0)) await h.close();
});

const user = { kind: 'user', id: 'u1' } as const;

describe('a socket whose session was signed out while it was being set up', () => {
  it('is closed as signed out when it registers after the notice; another session’s is not', async () => {
    const h = await hub();
    await h.endSessions('u1', ['s-ended']);

    const late = new FakeSocket();
    await h.attach(late as unknown as WebSocket, 'conn-late', {
      owner: user,
      authSessionId: 's-ended',
    });
    expect(late.closedWith).toEqual({ code: WS_SIGNED_OUT.code, reason: WS_SIGNED_OUT.reason });

    const other = new FakeSocket();
    await h.attach(other as unknown as WebSocket, 'conn-other', {
      owner: user,
      authSessionId: 's-live',
    });
    expect(other.closedWith).toBeUndefined();
  });
});
