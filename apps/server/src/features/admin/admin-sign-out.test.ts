import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { TestSocket } from '../../../test/chat';
import { CLOSE } from '../../realtime/close-codes';

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

const open = (baseUrl: string, who: SignedInUser) =>
  TestSocket.open(baseUrl, `conn_${randomUUID().replaceAll('-', '')}`, who.user.id, {
    token: who.accessToken,
  });

// Two processes share events only through Redis; without it the pair is two separate services.
const crossProcess = process.env.REDIS_URL !== undefined;

describe('disabling or deleting a user closes their websockets', () => {
  let t: TestAppPair;
  let urlA: string;
  let urlB: string;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestAppPair();
    urlA = await listen(t.a);
    urlB = await listen(t.b);
    admin = await registerAndSignIn(t.a, { admin: true });
  });
  afterAll(async () => {
    await t.close();
  });

  const patch = (id: string, body: object) =>
    t.a.inject({
      method: 'PATCH',
      url: `/api/v1/admin/users/${id}`,
      headers: bearer(admin.accessToken),
      payload: body,
    });

  it('closes the disabled user’s sockets at once, in this process and (with Redis) the other', async () => {
    const user = await registerAndSignIn(t.a);
    const bystander = await registerAndSignIn(t.a);
    const here = await open(urlA, user);
    const there = crossProcess ? await open(urlB, user) : undefined;
    const other = await open(urlA, bystander);

    expect((await patch(user.user.id, { disabled: true })).statusCode).toBe(200);
    expect(await here.closed()).toBe(CLOSE.authenticationFailed);
    if (there) expect(await there.closed()).toBe(CLOSE.authenticationFailed);

    // Another account's socket is untouched.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(other.closeCode).toBeUndefined();
    other.close();

    // The old token no longer opens a socket either.
    const retry = await TestSocket.open(
      urlA,
      `conn_${randomUUID().replaceAll('-', '')}`,
      user.user.id,
      {
        token: user.accessToken,
        established: false,
      },
    );
    expect(await retry.closed()).toBe(CLOSE.authenticationFailed);
  });

  it('closes a deleted user’s sockets', async () => {
    const user = await registerAndSignIn(t.a);
    const socket = await open(crossProcess ? urlB : urlA, user);
    const deleted = await t.a.inject({
      method: 'DELETE',
      url: `/api/v1/admin/users/${user.user.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await socket.closed()).toBe(CLOSE.authenticationFailed);
  });
});
