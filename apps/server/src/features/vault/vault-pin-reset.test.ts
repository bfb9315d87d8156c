import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VAULT_MAX_PIN_ATTEMPTS,
  VAULT_MAX_RECOVERY_ATTEMPTS,
  VAULT_RECOVERY_WINDOW_SECONDS,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, outboxMails, registerAndSignIn, TEST_PASSWORD } from '../../../test/auth';
import { setUpVault, TEST_PIN, unlockVault, vaultHeaders } from '../../../test/vault';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

describe('PIN change and reset', () => {
  it('changes the PIN with the current one; old sessions and the old PIN stop working', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const wrong = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      current_pin: '000001',
      new_pin: 'a long passphrase',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail).toMatch(/^current_pin:/);
    const neither = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      new_pin: 'a long passphrase',
    });
    expect(neither.statusCode).toBe(422);

    const changed = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      current_pin: TEST_PIN,
      new_pin: 'a long passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await inject('GET', '/vault/notes', vaultHeaders(accessToken, vault_token))).statusCode,
    ).toBe(423);
    const oldPin = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(oldPin.statusCode).toBe(422);
    await unlockVault(t.app, accessToken, 'a long passphrase');
    const status = await inject('GET', '/vault', bearer(accessToken));
    expect(status.json()).toMatchObject({ digit_pin: false });
  });

  it('resets with the recovery key and keeps the contents', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    await inject('POST', '/vault/notes', vaultHeaders(accessToken, created.vault_token), {
      title: 'kept',
      body: 'still here',
    });
    const badKey = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      recovery_key: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA',
      new_pin: '730519',
    });
    expect(badKey.statusCode).toBe(422);
    expect(badKey.json().detail).toMatch(/^recovery_key:/);
    const malformed = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      recovery_key: 'nope',
      new_pin: '730519',
    });
    expect(malformed.statusCode).toBe(422);

    const reset = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      recovery_key: created.recovery_key.toLowerCase().replace(/-/g, ' '),
      new_pin: '730519',
    });
    expect(reset.statusCode).toBe(200);
    const notes = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(accessToken, reset.json().vault_token),
    );
    expect(notes.json().notes).toHaveLength(1);
  });

  it('resets with the recovery key during a PIN lockout, which the reset ends', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    for (let n = 1; n <= VAULT_MAX_PIN_ATTEMPTS; n += 1)
      await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
    const locked = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(locked.statusCode).toBe(429);

    const reset = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      recovery_key: created.recovery_key,
      new_pin: '730519',
    });
    expect(reset.statusCode).toBe(200);
    await unlockVault(t.app, accessToken, '730519');
  });

  it('throttles wrong recovery keys on their own, apart from the PIN count', async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const wrongKey = { recovery_key: 'AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA-AAAA', new_pin: '730519' };
    for (let n = 1; n <= VAULT_MAX_RECOVERY_ATTEMPTS; n += 1) {
      const wrong = await inject('POST', '/vault/change-pin', bearer(accessToken), wrongKey);
      expect(wrong.statusCode).toBe(422);
    }
    // Wrong recovery keys never lock the PIN out.
    await unlockVault(t.app, accessToken);
    const throttled = await inject('POST', '/vault/change-pin', bearer(accessToken), {
      recovery_key: created.recovery_key,
      new_pin: '730519',
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().detail).toMatch(/^Too many wrong recovery keys\. Try again in /);
    expect(Number(throttled.headers['retry-after'])).toBe(VAULT_RECOVERY_WINDOW_SECONDS);

    vi.setSystemTime(start + VAULT_RECOVERY_WINDOW_SECONDS * 1000 + 1000);
    // The access token has expired by then: sign in again.
    const login = await inject(
      'POST',
      '/auth/login',
      {},
      { email: user.email, password: TEST_PASSWORD },
    );
    const later = await inject('POST', '/vault/change-pin', bearer(login.json().access_token), {
      recovery_key: created.recovery_key,
      new_pin: '730519',
    });
    expect(later.statusCode).toBe(200);
  });

  it('erases the vault with the mailed code once ERASE is typed', async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    await inject('POST', '/vault/notes', vaultHeaders(accessToken, created.vault_token), {
      title: 'to be erased',
      body: '',
    });
    expect(
      (await inject('POST', '/vault/reset/request-code', bearer(accessToken))).statusCode,
    ).toBe(200);
    await vi.waitFor(() =>
      expect(outboxMails(t.app, user.email).some((m) => /vault reset code/.test(m.subject))).toBe(
        true,
      ),
    );
    const mail = outboxMails(t.app, user.email).findLast((m) => /vault reset code/.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';

    const noWord = await inject('POST', '/vault/reset/erase', bearer(accessToken), {
      code,
      confirm: 'erase',
      new_pin: '730519',
    });
    expect(noWord.statusCode).toBe(422);
    expect(noWord.json().detail).toMatch(/confirm/);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const bad = await inject('POST', '/vault/reset/erase', bearer(accessToken), {
      code: wrongCode,
      confirm: 'ERASE',
      new_pin: '730519',
    });
    expect(bad.statusCode).toBe(422);

    const erased = await inject('POST', '/vault/reset/erase', bearer(accessToken), {
      code,
      confirm: 'ERASE',
      new_pin: '730519',
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json().recovery_key).not.toBe(created.recovery_key);
    const notes = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(accessToken, erased.json().vault_token),
    );
    expect(notes.json().notes).toEqual([]);
    // The code was single use.
    const reused = await inject('POST', '/vault/reset/erase', bearer(accessToken), {
      code,
      confirm: 'ERASE',
      new_pin: '730519',
    });
    expect(reused.statusCode).toBe(422);
  });
});
