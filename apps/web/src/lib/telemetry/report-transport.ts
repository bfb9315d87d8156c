/**
 * How error reports and usage events reach the server. The server files them under the user
 * the request authenticates as (never a field of the body), so a signed-in page sends its
 * access token; the app injects where to read it, since `lib/` never imports a feature.
 */
let accessToken: () => string | null = () => null;

export function setReportAccessToken(read: () => string | null): void {
  accessToken = read;
}

function post(url: string, body: string, token: string | null): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/**
 * POSTs a batch as the signed-in user. A token the server no longer takes (expired, signed out
 * elsewhere) would lose the batch to a 401: it goes again without one, filed under no one.
 */
export async function postReport(url: string, body: string): Promise<{ status: number }> {
  const token = accessToken();
  const res = await post(url, body, token);
  if (res.status === 401 && token) return post(url, body, null);
  return res;
}
