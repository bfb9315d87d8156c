import { afterEach, describe, expect, it, vi } from 'vitest';
import { postReport, setReportAccessToken } from './report-transport';

function stubFetch(statuses: number[]) {
  const seen: (string | null)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      seen.push(headers.get('authorization'));
      return Promise.resolve(new Response(null, { status: statuses.shift() ?? 202 }));
    }),
  );
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setReportAccessToken(() => null);
});

describe('postReport', () => {
  it('sends as the signed-in user: the server files reports under whom the request authenticates as', async () => {
    const seen = stubFetch([202]);
    setReportAccessToken(() => 'token-1');
    expect((await postReport('/api/v1/logging/errors', '{}')).status).toBe(202);
    expect(seen).toEqual(['Bearer token-1']);
  });

  it('sends again without the token when the server no longer takes it, so the batch is not lost', async () => {
    const seen = stubFetch([401, 202]);
    setReportAccessToken(() => 'expired');
    expect((await postReport('/api/v1/logging/errors', '{}')).status).toBe(202);
    expect(seen).toEqual(['Bearer expired', null]);
  });

  it('a visitor sends no token', async () => {
    const seen = stubFetch([202]);
    await postReport('/api/v1/logging/telemetry', '{}');
    expect(seen).toEqual([null]);
  });
});
