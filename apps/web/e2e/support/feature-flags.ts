import type { FeatureFlagName } from '@parallax/contract';
import { expect } from 'vitest';
import { PASSWORD } from './accounts';

/** Turns a flag on or off as an admin does: PUT /admin/feature-flags/{name} with the admin's token. */
export async function setFeatureFlag(
  server: { url: string },
  adminEmail: string,
  name: FeatureFlagName,
  enabled: boolean,
): Promise<void> {
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${server.url}/api/v1/admin/feature-flags/${name}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ enabled }),
  });
  expect(res.status).toBe(200);
}
