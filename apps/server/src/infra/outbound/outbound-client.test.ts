import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient, type OutboundRequest } from './outbound-client';
import { OutboundRefused } from './outbound-refused';

/**
 * A local upstream: answers `ok`, redirects where `?to=` says (`/loop` forever to itself), and
 * records what reached it.
 */
interface Upstream {
  url: string;
  port: number;
  seen: { path: string; method: string; headers: IncomingHttpHeaders; body: string }[];
  stats: { connections: number };
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const seen: Upstream['seen'] = [];
  const stats = { connections: 0 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      seen.push({ path: url.pathname, method: req.method ?? '', headers: req.headers, body });
      const to = url.pathname === '/loop' ? '/loop' : url.searchParams.get('to');
      if (to !== null) {
        res.writeHead(Number(url.searchParams.get('status') ?? 307), { location: to }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  server.on('connection', () => (stats.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    seen,
    stats,
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const post = (body = 'assertion=signed'): OutboundRequest => ({
  method: 'POST',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: 'Bearer upstream-key',
    // Brave Search's key header (the web_search tool).
    'x-subscription-token': 'search-key',
  },
  body,
  signal: AbortSignal.timeout(5_000),
});

describe('the outbound client', () => {
  let upstream: Upstream;
  let other: Upstream;
  const clients: OutboundClient[] = [];
  const client = (...args: ConstructorParameters<typeof OutboundClient>) => {
    const made = new OutboundClient(...args);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    upstream = await startUpstream();
    other = await startUpstream();
  });
  afterEach(() => {
    for (const made of clients.splice(0)) made.close();
    upstream.seen.length = 0;
    other.seen.length = 0;
  });
  afterAll(async () => {
    await upstream.close();
    await other.close();
  });

  it('refuses a configured URL at a private IP before anything is sent, naming the address', async () => {
    const { configured } = client({ allowPrivate: false });
    for (const call of [
      () => configured.fetch(`${upstream.url}/token`, post()),
      () => configured.open(`${upstream.url}/v1/chat/completions`, post('{}')),
    ]) {
      const error: unknown = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundRefused);
      expect((error as Error).message).toMatch(
        /127\.0\.0\.1 is a private, loopback or link-local address; ALLOW_PRIVATE_PROVIDER_URLS=true/,
      );
    }
    expect(upstream.seen).toEqual([]);
  });

  it('checks the address a name resolves to when it connects, not when the URL was saved', async () => {
    let answer = ['93.184.216.34'];
    const resolve = async (host: string) => (host === 'api.example.test' ? answer : []);
    const { configured } = client({ allowPrivate: false, resolve });
    // Accepted when saved (a public address then); the name now points at this machine.
    answer = ['127.0.0.1'];
    const error: unknown = await configured
      .fetch(`http://api.example.test:${upstream.port}/token`, post())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect((error as Error).message).toContain('api.example.test (127.0.0.1)');
    // Any private address among the answers refuses the name (no picking the public one).
    answer = ['93.184.216.34', '::ffff:169.254.169.254'];
    await expect(
      configured.fetch(`http://api.example.test:${upstream.port}/token`, post()),
    ).rejects.toThrow(/169\.254\.169\.254/);
    // With the system's DNS, `localhost` is refused the same way.
    const real = client({ allowPrivate: false }).configured;
    await expect(real.fetch(`http://localhost:${upstream.port}/token`, post())).rejects.toThrow(
      /localhost \((127\.0\.0\.1|::1)\) is a private/,
    );
    expect(upstream.seen).toEqual([]);
  });

  it("follows the operator's own URL but refuses a redirect from it to another private origin", async () => {
    const { operator } = client({ allowPrivate: false });
    const sameOrigin = await operator.fetch(
      `${upstream.url}/token?to=${encodeURIComponent('/final')}`,
      post(),
    );
    expect(sameOrigin).toMatchObject({ status: 200, url: `${upstream.url}/final` });
    expect(upstream.seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ['POST', '/token', 'assertion=signed'],
      ['POST', '/final', 'assertion=signed'],
    ]);

    for (const to of [
      `${other.url}/steal`,
      `http://localhost:${other.port}/steal`,
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      const error: unknown = await operator
        .fetch(`${upstream.url}/token?to=${encodeURIComponent(to)}`, post())
        .catch((e: unknown) => e);
      expect(error, to).toBeInstanceOf(OutboundRefused);
    }
    expect(other.seen).toEqual([]);
    await expect(
      operator.fetch(
        `${upstream.url}/token?to=${encodeURIComponent('file:///etc/passwd')}`,
        post(),
      ),
    ).rejects.toThrow(/file: URL/);
  });

  it('with ALLOW_PRIVATE_PROVIDER_URLS reaches private upstreams, redirects included, without carrying credentials across origins', async () => {
    const { configured } = client({ allowPrivate: true });
    const res = await configured.fetch(
      `${upstream.url}/token?to=${encodeURIComponent(`${other.url}/moved`)}&status=302`,
      post(),
    );
    expect(res).toMatchObject({ status: 200, url: `${other.url}/moved`, text: '{"ok":true}' });
    expect(upstream.seen[0]?.headers.authorization).toBe('Bearer upstream-key');
    // A 302 after a POST goes on as a GET without the body, and without the key.
    expect(other.seen.map((s) => [s.method, s.path, s.body])).toEqual([['GET', '/moved', '']]);
    expect(other.seen[0]?.headers.authorization).toBeUndefined();
    expect(other.seen[0]?.headers['x-subscription-token']).toBeUndefined();
  });

  it('gives up after five redirects', async () => {
    const { operator } = client({ allowPrivate: false });
    await expect(
      operator.fetch(`${upstream.url}/loop`, {
        method: 'GET',
        headers: {},
        signal: AbortSignal.timeout(5_000),
      }),
    ).rejects.toThrow(/more than 5 redirects/);
  });

  it('keeps connections pooled: calls one after another share one socket', async () => {
    const { configured } = client({ allowPrivate: true });
    const before = upstream.stats.connections;
    for (let i = 0; i < 5; i += 1) {
      const res = await configured.open(`${upstream.url}/v1/chat/completions`, post('{}'));
      res.resume();
      await new Promise((resolve) => res.on('end', resolve));
    }
    expect(upstream.stats.connections - before).toBe(1);
  });

  describe('a pooled socket the upstream has closed', () => {
    let server: Server;
    let url: string;
    const requests: { path: string; onSocket: number }[] = [];
    beforeAll(async () => {
      const served = new WeakMap<object, number>();
      // The second request on a connection is answered by a reset, as a socket the upstream
      // closed while idle fails the request written on it; `/always` resets even the first.
      server = createServer((req, res) => {
        const onSocket = (served.get(req.socket) ?? 0) + 1;
        served.set(req.socket, onSocket);
        requests.push({ path: req.url ?? '', onSocket });
        if (onSocket > 1 || req.url === '/always') return void req.socket.resetAndDestroy();
        req.resume();
        req.on('end', () => res.end('{"ok":true}'));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    afterEach(() => void (requests.length = 0));

    it('sends the request again on a new connection, once it failed on a reused one', async () => {
      const { configured } = client({ allowPrivate: true });
      for (let i = 0; i < 2; i += 1) {
        const res = await configured.open(`${url}/v1/chat/completions`, post('{}'));
        expect(res.statusCode).toBe(200);
        res.resume();
        await new Promise((resolve) => res.on('end', resolve));
      }
      expect(requests.map((r) => r.onSocket)).toEqual([1, 2, 1]);
    });

    it('does not send again what failed on a new connection', async () => {
      const { configured } = client({ allowPrivate: true });
      await expect(configured.open(`${url}/always`, post('{}'))).rejects.toMatchObject({
        code: 'ECONNRESET',
      });
      expect(requests).toHaveLength(1);
    });
  });
});
