import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VAULT_MAX_PIN_ATTEMPTS } from '@parallax/contract';
import { createTestAppPair, type TestAppPair } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { setUpVault, unlockVault, vaultHeaders } from '../../../test/vault';

/*
 * Two app instances on one database (and Redis when the suite has REDIS_URL): a vault session
 * opened through one is honoured by the other, and a lock through either ends it in both.
 */
describe('the vault across two processes', () => {
  let pair: TestAppPair;
  beforeAll(async () => {
    pair = await createTestAppPair();
  });
  afterAll(async () => {
    await pair?.close();
  });

  it('unlocks through A, reads through B; locks through B, and A refuses', async () => {
    const { accessToken } = await registerAndSignIn(pair.a);
    await setUpVault(pair.a, accessToken);
    await pair.a.inject({
      method: 'POST',
      url: '/api/v1/vault/lock',
      headers: bearer(accessToken),
    });

    const session = await unlockVault(pair.a, accessToken);
    const note = await pair.a.inject({
      method: 'POST',
      url: '/api/v1/vault/notes',
      headers: vaultHeaders(accessToken, session.vault_token),
      payload: { title: 'across', body: 'processes' },
    });
    expect(note.statusCode).toBe(200);
    const onB = await pair.b.inject({
      method: 'GET',
      url: '/api/v1/vault/notes',
      headers: vaultHeaders(accessToken, session.vault_token),
    });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().notes).toMatchObject([{ title: 'across', body: 'processes' }]);

    const lock = await pair.b.inject({
      method: 'POST',
      url: '/api/v1/vault/lock',
      headers: bearer(accessToken),
    });
    expect(lock.statusCode).toBe(200);
    const onA = await pair.a.inject({
      method: 'GET',
      url: '/api/v1/vault/notes',
      headers: vaultHeaders(accessToken, String(onB.headers['x-vault-token'])),
    });
    expect(onA.statusCode).toBe(423);
  });

  it('counts wrong PINs sent to both at once against one limit', async () => {
    const { accessToken } = await registerAndSignIn(pair.a);
    await setUpVault(pair.a, accessToken);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        (n % 2 === 0 ? pair.a : pair.b).inject({
          method: 'POST',
          url: '/api/v1/vault/unlock',
          headers: bearer(accessToken),
          payload: { pin: '000001' },
        }),
      ),
    );
    const wrong = results.filter((r) => r.statusCode === 422).length;
    const refused = results.filter((r) => r.statusCode === 429).length;
    expect(wrong).toBe(VAULT_MAX_PIN_ATTEMPTS - 1);
    expect(refused).toBe(10 - wrong);
  });
});
