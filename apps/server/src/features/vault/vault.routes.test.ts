import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  VAULT_MAX_PIN_ATTEMPTS,
  VAULT_MAX_RECOVERY_ATTEMPTS,
  VAULT_RECOVERY_KEY_PATTERN,
  VAULT_RECOVERY_WINDOW_SECONDS,
  VaultNote,
  VaultStatus,
} from '@parallax/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, outboxMails, registerAndSignIn, TEST_PASSWORD } from '../../../test/auth';
import { dumpDatabase, setUpVault, TEST_PIN, unlockVault, vaultHeaders } from '../../../test/vault';

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

describe('vault set-up', () => {
  it('refuses PINs of the wrong shape and trivial ones, naming the field', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    for (const pin of [
      '12345',
      '1234567890123',
      'abc',
      '111111',
      '123456',
      '987654',
      '123123',
      'aaaaaaaa',
    ]) {
      const res = await inject('POST', '/vault/setup', bearer(accessToken), { pin });
      expect(res.statusCode, pin).toBe(422);
      expect(res.json().detail, pin).toMatch(/pin/i);
    }
    const status = VaultStatus.parse((await inject('GET', '/vault', bearer(accessToken))).json());
    expect(status).toMatchObject({ set_up: false, unlocked: false });
  });

  it('shows the recovery key once, opens a session, and refuses a second set-up', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const created = await setUpVault(t.app, accessToken);
    expect(created.recovery_key).toMatch(VAULT_RECOVERY_KEY_PATTERN);
    const status = VaultStatus.parse(
      (await inject('GET', '/vault', vaultHeaders(accessToken, created.vault_token))).json(),
    );
    expect(status).toMatchObject({ set_up: true, unlocked: true, digit_pin: true });
    const again = await inject('POST', '/vault/setup', bearer(accessToken), { pin: '592817' });
    expect(again.statusCode).toBe(409);
    // Neither the PIN nor the recovery key is stored, in any form the dump can show.
    const dump = await dumpDatabase(t.app);
    expect(dump).not.toContain(created.recovery_key);
    expect(dump).not.toContain(created.recovery_key.replace(/-/g, ''));
  });

  it('needs a signed-in user', async () => {
    expect((await inject('GET', '/vault', {})).statusCode).toBe(401);
    expect((await inject('POST', '/vault/setup', {}, { pin: TEST_PIN })).statusCode).toBe(401);
  });
});

describe('vault sessions', () => {
  it('keeps notes sealed, renews the session on use, and ends it at Lock now', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const marker = `note-marker-${randomUUID()}`;
    const created = await inject('POST', '/vault/notes', vaultHeaders(accessToken, vault_token), {
      title: `Title ${marker}`,
      body: `# Body\n${marker}`,
    });
    expect(created.statusCode).toBe(200);
    const renewed = created.headers['x-vault-token'];
    expect(typeof renewed).toBe('string');
    const note = VaultNote.parse(created.json());
    expect(note.title).toBe(`Title ${marker}`);

    const list = await inject('GET', '/vault/notes', vaultHeaders(accessToken, String(renewed)));
    expect(list.json().notes.map((n: VaultNote) => n.body)).toEqual([`# Body\n${marker}`]);
    expect(await dumpDatabase(t.app)).not.toContain(marker);

    expect((await inject('POST', '/vault/lock', bearer(accessToken))).statusCode).toBe(200);
    for (const token of [vault_token, String(renewed)]) {
      const refused = await inject('GET', '/vault/notes', vaultHeaders(accessToken, token));
      expect(refused.statusCode).toBe(423);
      expect(refused.body).not.toContain(marker);
    }
    const byId = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(accessToken, vault_token),
    );
    expect(byId.statusCode).toBe(423);

    const session = await unlockVault(t.app, accessToken);
    const again = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(accessToken, session.vault_token),
    );
    expect(again.json()).toMatchObject({ title: `Title ${marker}` });
  });

  it('ends after 30 idle minutes without vault activity', async () => {
    const { accessToken, refreshToken } = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, accessToken);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // The access token lives 15 minutes: refresh it within the same sign-in session.
    let refresh = refreshToken;
    const freshAccess = async () => {
      const res = await inject('POST', '/auth/refresh', {}, { refresh_token: refresh });
      refresh = res.json().refresh_token;
      return String(res.json().access_token);
    };
    vi.setSystemTime(start + 29 * 60_000);
    const active = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(await freshAccess(), vault_token),
    );
    expect(active.statusCode).toBe(200);
    const renewed = String(active.headers['x-vault-token']);

    vi.setSystemTime(start + 29 * 60_000 + 29 * 60_000);
    const slid = await inject('GET', '/vault/notes', vaultHeaders(await freshAccess(), renewed));
    expect(slid.statusCode).toBe(200);
    const idle = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(await freshAccess(), vault_token),
    );
    expect(idle.statusCode).toBe(423);
  });

  it('refuses forged, other users’ and signed-out sessions', async () => {
    const owner = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, owner.accessToken);
    await setUpVault(t.app, other.accessToken, '605193');
    const flipped = vault_token.slice(0, -3) + (vault_token.endsWith('A') ? 'BBB' : 'AAA');
    for (const token of ['pvt1.v1.AAAA', 'garbage', flipped]) {
      const res = await inject('GET', '/vault/notes', vaultHeaders(owner.accessToken, token));
      expect(res.statusCode, token).toBe(423);
    }
    const stolen = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(other.accessToken, vault_token),
    );
    expect(stolen.statusCode).toBe(423);

    const note = VaultNote.parse(
      (
        await inject('POST', '/vault/notes', vaultHeaders(owner.accessToken, vault_token), {
          title: 'mine',
          body: '',
        })
      ).json(),
    );
    const otherSession = await unlockVault(t.app, other.accessToken, '605193');
    const foreign = await inject(
      'GET',
      `/vault/notes/${note.id}`,
      vaultHeaders(other.accessToken, otherSession.vault_token),
    );
    expect(foreign.statusCode).toBe(404);

    await inject('POST', '/auth/logout', bearer(owner.accessToken), {});
    const login = await inject(
      'POST',
      '/auth/login',
      {},
      { email: owner.user.email, password: TEST_PASSWORD },
    );
    expect(login.statusCode).toBe(200);
    const afterSignOut = await inject(
      'GET',
      '/vault/notes',
      vaultHeaders(String(login.json().access_token), vault_token),
    );
    expect(afterSignOut.statusCode).toBe(423);
  });
});

describe('wrong PINs', () => {
  it('locks for 30 s after 5, mails the owner, and doubles the next lockout', async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    await setUpVault(t.app, accessToken);
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (let n = 1; n < VAULT_MAX_PIN_ATTEMPTS; n += 1) {
      const wrong = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().detail).toMatch(/^pin: Incorrect PIN\. \d tr(y|ies) left/);
    }
    const fifth = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBe(30);
    // Even the right PIN waits out the lockout.
    const right = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(right.statusCode).toBe(429);
    await vi.waitFor(() =>
      expect(outboxMails(t.app, user.email).some((m) => /vault was locked/.test(m.subject))).toBe(
        true,
      ),
    );

    vi.setSystemTime(start + 31_000);
    for (let n = 1; n <= VAULT_MAX_PIN_ATTEMPTS; n += 1)
      await inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' });
    const doubled = await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN });
    expect(Number(doubled.headers['retry-after'])).toBe(60);

    vi.setSystemTime(start + 31_000 + 61_000);
    expect(
      (await inject('POST', '/vault/unlock', bearer(accessToken), { pin: TEST_PIN })).statusCode,
    ).toBe(200);
  });

  it('counts parallel attempts: no more PINs are tried than the limit allows', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    await setUpVault(t.app, accessToken);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        inject('POST', '/vault/unlock', bearer(accessToken), { pin: '000001' }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 422)).toHaveLength(VAULT_MAX_PIN_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - (VAULT_MAX_PIN_ATTEMPTS - 1));
  });
});

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
