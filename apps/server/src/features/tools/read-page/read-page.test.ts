import { TOOL_LIMITS } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundClient, type OutboundRoute } from '../../../infra/outbound/outbound-client';
import { createTestApp, type TestApp } from '../../../../test/app';
import { registerAndSignIn } from '../../../../test/auth';
import { ToolFailure, type ToolResult, type TurnTool } from '../turn-tool';
import { startPageServer, type StandIn } from '../tools-stand-ins.test-support';
import { fetchPage } from './page-fetch';
import { standaloneRunContext } from '../run-context';

const signal = () => AbortSignal.timeout(10_000);

async function readPageOf(t: TestApp, userId: string): Promise<TurnTool> {
  const tools = await t.app.tools.toolsFor({
    owner: { kind: 'user', id: userId },
    webSearch: true,
    vault: false,
  });
  const tool = tools.find((candidate) => candidate.spec.name === 'read_page');
  if (tool === undefined) throw new Error('read_page is not offered');
  return tool;
}

const run = (tool: TurnTool, url: string, userId: string): Promise<ToolResult> =>
  tool.run({ url }, standaloneRunContext({ kind: 'user', id: userId }, signal()));

describe('read_page with its test-only loopback allowance', () => {
  let pages: StandIn;
  let t: TestApp;
  let tool: TurnTool;
  let userId: string;

  beforeAll(async () => {
    pages = await startPageServer();
    t = await createTestApp({ pageReadsReachPrivate: true });
    userId = (await registerAndSignIn(t.app)).user.id;
    tool = await readPageOf(t, userId);
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
  });

  it("reads a page's main text, not its scripts, styles or navigation, as one document", async () => {
    const result = await run(tool, `${pages.url}/article`, userId);
    const [page] = result.documents ?? [];
    expect(page?.title).toBe('The Lighthouse Keeper');
    expect(page?.url).toBe(`${pages.url}/article`);
    expect(page?.text).toContain('For forty years the keeper climbed the spiral stairs');
    expect(page?.text).toContain('electricity, which arrived on the island');
    expect(page?.text).not.toContain('never text');
    expect(page?.text).not.toContain('color: red');
    expect(page?.text.length).toBeLessThanOrEqual(TOOL_LIMITS.resultChars);
  });

  it('follows a redirect and cites the URL that answered', async () => {
    const result = await run(tool, `${pages.url}/redirect?to=/article`, userId);
    expect(result.documents?.[0]?.url).toBe(`${pages.url}/article`);
  });

  it('reads plain text as it is, its blank lines collapsed', async () => {
    const result = await run(tool, `${pages.url}/notes.txt`, userId);
    expect(result.documents?.[0]?.text).toBe('Plain notes.\n\nSecond line.');
  });

  it('refuses what is not HTML or text, pages over 2 MB, error statuses and other schemes', async () => {
    const cases: [string, RegExp][] = [
      [`${pages.url}/image.png`, /not HTML or text \(image\/png\)/],
      [`${pages.url}/huge`, /larger than 2 MB/],
      [`${pages.url}/huge-chunked`, /larger than 2 MB/],
      [`${pages.url}/missing`, /HTTP 404/],
      ['ftp://example.org/file', /only http and https/],
      ['file:///etc/passwd', /only http and https/],
      ['not a url', /full http or https URL/],
      [`${pages.url.replace('http://', 'http://user:pw@')}/article`, /user name or password/],
    ];
    for (const [url, message] of cases) {
      const failed = run(tool, url, userId);
      await expect(failed, url).rejects.toBeInstanceOf(ToolFailure);
      await expect(failed, url).rejects.toThrow(message);
    }
  });
});

describe('read_page as it runs in production', () => {
  let pages: StandIn;
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    pages = await startPageServer();
    // ALLOW_PRIVATE_PROVIDER_URLS opens admin-set URLs only: a model's URL stays guarded.
    t = await createTestApp({ env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' } });
    userId = (await registerAndSignIn(t.app)).user.id;
  });
  afterAll(async () => {
    await t?.close();
    await pages?.close();
  });

  it('refuses loopback, private and link-local addresses however they are written', async () => {
    const tool = await readPageOf(t, userId);
    const port = new URL(pages.url).port;
    for (const url of [
      `${pages.url}/article`,
      `http://localhost:${port}/article`,
      `http://[::1]:${port}/article`,
      `http://[::ffff:127.0.0.1]:${port}/article`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
    ]) {
      const failed = run(tool, url, userId);
      await expect(failed, url).rejects.toBeInstanceOf(ToolFailure);
      await expect(failed, url).rejects.toThrow(/^This address is not allowed/);
    }
    expect(pages.seen).toHaveLength(0);
  });
});

describe('a page read redirected to a private address', () => {
  let pages: StandIn;
  const clients: OutboundClient[] = [];

  beforeAll(async () => {
    pages = await startPageServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await pages?.close();
  });

  it('is refused at the hop that leaves for it: every hop goes through the guard', async () => {
    // The first URL stands for a public page (the guard would refuse this loopback one), so
    // the only hop the guard sees is the redirect's.
    const open = new OutboundClient({ allowPrivate: true });
    const guarded = new OutboundClient({ allowPrivate: false });
    clients.push(open, guarded);
    const first = `${pages.url}/redirect?to=${encodeURIComponent(`${pages.url}/article`)}`;
    const route: OutboundRoute = {
      open: (url, init) =>
        url === first ? open.configured.open(url, init) : guarded.configured.open(url, init),
      fetch: (url, init) => guarded.configured.fetch(url, init),
    };
    const failed = fetchPage(route, first, signal());
    await expect(failed).rejects.toBeInstanceOf(ToolFailure);
    await expect(failed).rejects.toThrow(/^This address is not allowed: 127\.0\.0\.1/);
    expect(pages.seen.map((seen) => seen.path)).toEqual(['/redirect']);
  });
});
