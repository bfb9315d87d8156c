import type { AdminMcpResponse, AdminMcpServer } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { backoffDelay } from './mcp-connection';
import { startMcpStandIn, type McpStandIn } from './mcp-stand-ins.test-support';

describe('the back-off delay', () => {
  it('doubles from the first wait up to the cap, jittered by at most a fifth', () => {
    const backoff = { firstMs: 1_000, maxMs: 300_000 };
    const at = (failures: number, random: number) => backoffDelay(backoff, failures, () => random);
    expect([1, 2, 3, 4].map((n) => at(n, 0.5))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(at(30, 0.5)).toBe(300_000);
    expect([at(1, 0), at(1, 1)]).toEqual([800, 1_200]);
  });
});

/*
 * A server that goes away and comes back: the connection's own timer tries again with
 * back-off (short waits injected here), and its health returns to connected while no turn,
 * listing or other request reaches the app.
 */
describe('reconnecting on a timer', () => {
  let t: TestApp;
  let alpha: McpStandIn;
  let admin: SignedInUser;

  const health = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/mcp',
        headers: bearer(admin.accessToken),
      })
    )
      .json<AdminMcpResponse>()
      .servers.find((s) => s.id === id)?.health.state;

  beforeAll(async () => {
    alpha = await startMcpStandIn('alpha', [
      { name: 'ping', description: 'Pong.', reply: () => 'pong' },
    ]);
    t = await createTestApp({
      env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' },
      mcpBackoff: { firstMs: 40, maxMs: 160 },
    });
    admin = await registerAndSignIn(t.app, { admin: true });
  });

  afterAll(async () => {
    await t?.close();
    await alpha?.close();
  });

  it('tries again on its own while the server is away, is connected once it is back, and stops once removed', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/mcp/servers',
      headers: bearer(admin.accessToken),
      payload: { name: 'alpha', url: alpha.url },
    });
    expect(added.statusCode, added.body).toBe(201);
    const server = added.json<AdminMcpServer>();
    expect(server.health.state).toBe('connected');
    const opened = alpha.sessionsOpened;

    // Away: the broken stream fails the connection; the timer keeps knocking (503s).
    alpha.goAway();
    await vi.waitFor(() => expect(alpha.refusedInitializes).toBeGreaterThanOrEqual(3), {
      timeout: 15_000,
      interval: 50,
    });
    expect(await health(server.id)).toBe('failing');

    // Back: a session is opened again with nothing asked of the app.
    alpha.comeBack();
    await vi.waitFor(() => expect(alpha.sessionsOpened).toBeGreaterThan(opened), {
      timeout: 15_000,
      interval: 50,
    });
    expect(await health(server.id)).toBe('connected');

    // Removed while away: its timer stops knocking.
    alpha.goAway();
    const knocked = alpha.refusedInitializes;
    await vi.waitFor(() => expect(alpha.refusedInitializes).toBeGreaterThan(knocked), {
      timeout: 15_000,
      interval: 50,
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/mcp/servers/${server.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(removed.statusCode).toBe(204);
    const atRemoval = alpha.refusedInitializes;
    // Ten of the longest waits (160 ms): a live timer would have knocked again.
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(alpha.refusedInitializes).toBe(atRemoval);
    alpha.comeBack();
  });
});
