import type { AdminToolSettings, UpdateToolSettingsRequest } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../../test/auth';
import { ToolFailure, type TurnTool } from '../turn-tool';
import { startSearchStandIn, type StandIn } from '../tools-stand-ins.test-support';
import { standaloneRunContext } from '../run-context';

const BRAVE_KEY = 'brave-key-1234567890-WXYZ';
const TAVILY_KEY = 'tvly-key-0987654321-QRST';

/**
 * web_search against local stand-ins of SearXNG, Brave and Tavily. The admin-set search URL is
 * guarded like a provider base URL, so these run with ALLOW_PRIVATE_PROVIDER_URLS (the stand-ins
 * are on 127.0.0.1), as a self-hosted SearXNG on a private network would.
 */
describe('web_search', () => {
  let standIn: StandIn;
  let t: TestApp;
  let admin: SignedInUser;
  let owner: { kind: 'user'; id: string };

  const configure = async (body: UpdateToolSettingsRequest): Promise<AdminToolSettings> => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/admin/tools',
      headers: bearer(admin.accessToken),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminToolSettings>();
  };
  const searchTool = async (): Promise<TurnTool> => {
    const tools = await t.app.tools.toolsFor({ owner, webSearch: true, vault: false });
    const tool = tools.find((candidate) => candidate.spec.name === 'web_search');
    if (tool === undefined) throw new Error('web_search is not offered');
    return tool;
  };
  const search = async (args: Record<string, unknown>) =>
    (await searchTool()).run(args, standaloneRunContext(owner, AbortSignal.timeout(10_000)));

  beforeAll(async () => {
    standIn = await startSearchStandIn();
    t = await createTestApp({ env: { ALLOW_PRIVATE_PROVIDER_URLS: 'true' } });
    admin = await registerAndSignIn(t.app, { admin: true });
    owner = { kind: 'user', id: admin.user.id };
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('is not offered until a provider is configured', async () => {
    const tools = await t.app.tools.toolsFor({ owner, webSearch: true, vault: false });
    expect(tools.map((tool) => tool.spec.name)).toEqual(['read_page']);
  });

  it('searches SearXNG through its JSON API: web links only, markup dropped, count kept', async () => {
    const settings = await configure({
      web_search_provider: 'searxng',
      web_search_base_url: `${standIn.url}/`,
    });
    expect(settings).toMatchObject({ web_search_ready: true, web_search_base_url: standIn.url });
    const result = await search({ query: 'lighthouses', count: 3 });
    expect(result.documents).toEqual([
      {
        title: 'Result 1 for lighthouses',
        url: 'https://example.org/1',
        text: 'About lighthouses & more, number 1.',
      },
      expect.objectContaining({ url: 'https://example.org/2' }),
      expect.objectContaining({ url: 'https://example.org/3' }),
    ]);
    const seen = standIn.seen.at(-1);
    expect(seen?.path).toBe('/search');
    expect(seen?.query.get('q')).toBe('lighthouses');
    expect(seen?.query.get('format')).toBe('json');

    const all = await search({ query: 'everything' });
    expect(all.documents).toHaveLength(5);
    expect(all.documents?.every((doc) => doc.url.startsWith('https://'))).toBe(true);
  });

  it("says what to fix when SearXNG's JSON format is off, and fails on bad arguments", async () => {
    await configure({ web_search_provider: 'searxng', web_search_base_url: `${standIn.url}/off` });
    await expect(search({ query: 'x' })).rejects.toThrow(
      /SearXNG refused the JSON format \(HTTP 403\): enable json .*search\.formats/,
    );
    await expect(search({ query: '' })).rejects.toBeInstanceOf(ToolFailure);
    await expect(search({ query: 'x', count: 50 })).rejects.toBeInstanceOf(ToolFailure);
  });

  it('searches Brave with its subscription token header and its count', async () => {
    const settings = await configure({
      web_search_provider: 'brave',
      web_search_base_url: standIn.url,
      web_search_api_key: BRAVE_KEY,
    });
    expect(settings).toMatchObject({
      web_search_provider: 'brave',
      web_search_api_key_set: true,
      web_search_api_key_last4: 'WXYZ',
      web_search_ready: true,
    });
    expect(JSON.stringify(settings)).not.toContain(BRAVE_KEY);
    const result = await search({ query: 'tides', count: 2 });
    expect(result.documents?.map((doc) => doc.text)).toEqual([
      'About tides & more, number 1.',
      'About tides & more, number 2.',
    ]);
    const seen = standIn.seen.at(-1);
    expect(seen?.path).toBe('/res/v1/web/search');
    expect(seen?.query.get('count')).toBe('2');
    expect(seen?.headers['x-subscription-token']).toBe(BRAVE_KEY);
  });

  it("fails with the provider's status and never the key", async () => {
    for (const status of [401, 429, 500]) {
      const failed = search({ query: `status:${status}` });
      await expect(failed).rejects.toBeInstanceOf(ToolFailure);
      await expect(failed).rejects.toThrow(new RegExp(`Brave Search .*HTTP ${status}`));
      await failed.catch((error: Error) => {
        expect(error.message).not.toContain(BRAVE_KEY);
        expect(error.message).not.toContain('upstream says no');
      });
    }
  });

  it('searches Tavily with a bearer key and max_results; switching provider drops the old key', async () => {
    const switched = await configure({ web_search_provider: 'tavily' });
    expect(switched).toMatchObject({
      web_search_api_key_set: false,
      web_search_base_url: null,
      web_search_ready: false,
      web_search_problem: 'web_search_api_key: Tavily needs an API key',
    });
    const names = (await t.app.tools.toolsFor({ owner, webSearch: true, vault: false })).map(
      (tool) => tool.spec.name,
    );
    expect(names).not.toContain('web_search');

    await configure({ web_search_base_url: standIn.url, web_search_api_key: TAVILY_KEY });
    const result = await search({ query: 'harbours', count: 4 });
    expect(result.documents).toHaveLength(4);
    const seen = standIn.seen.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.headers.authorization).toBe(`Bearer ${TAVILY_KEY}`);
    expect(JSON.parse(seen?.body ?? '{}')).toMatchObject({ query: 'harbours', max_results: 4 });
  });

  it('fails as unreachable when the provider is down', async () => {
    await configure({ web_search_base_url: 'http://127.0.0.1:9' });
    await expect(search({ query: 'x' })).rejects.toThrow(/^Tavily could not be reached\.$/);
  });
});
