import { describe, expect, it, vi } from 'vitest';
import { VaultChatDetail, VaultChatsResponse } from '@parallax/contract';
import { bearer, outboxMails, registerAndSignIn } from '../../../test/auth';
import {
  dumpDatabase,
  dumpDataDir,
  dumpRedis,
  setUpVault,
  unlockVault,
  vaultHeaders,
} from '../../../test/vault';
import {
  chatWithFile,
  get,
  newMarker,
  t,
  useVaultChatApp,
  walkEverything,
} from './vault-chats.test-support';

useVaultChatApp();

describe('chats in the vault', () => {
  it('seals a moved chat, hides it everywhere while locked, and brings it back out', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const stranger = await registerAndSignIn(t.app);
    const markers = { message: newMarker('msg'), file: newMarker('file') };
    const sent = await chatWithFile(accessToken, markers);
    const chatId = sent.conversation_id ?? '';
    const attachmentUrl = sent.attachments[0]?.url ?? '';
    expect(chatId).not.toBe('');

    // With Redis, the answer's streamed tokens sit in its replay log until the move.
    if (process.env.REDIS_URL)
      expect((await dumpRedis()).toLowerCase()).toContain(markers.message.toLowerCase());
    const { vault_token } = await setUpVault(t.app, accessToken);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: bearer(accessToken),
      payload: { conversation_id: chatId },
    });
    expect(locked.statusCode).toBe(423);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: vaultHeaders(accessToken, vault_token),
      payload: { conversation_id: chatId.replace(/.$/, (c) => (c === '0' ? '1' : '0')) },
    });
    expect(foreign.statusCode).toBe(404);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: vaultHeaders(accessToken, vault_token),
      payload: { conversation_id: chatId },
    });
    expect(moved.statusCode).toBe(200);
    const renewed = String(moved.headers['x-vault-token']);

    // Unlocked, the vault lists and opens it.
    const list = VaultChatsResponse.parse(
      (await get('/vault/chats', vaultHeaders(accessToken, renewed))).json(),
    );
    expect(list.chats.map((c) => c.id)).toEqual([chatId]);
    const detail = VaultChatDetail.parse(
      (await get(`/vault/chats/${chatId}`, vaultHeaders(accessToken, renewed))).json(),
    );
    expect(detail.messages[0]?.content).toContain(markers.message);
    expect(detail.messages[0]?.response).toContain(markers.message);
    const file = detail.messages[0]?.attachments[0];
    expect(file?.filename).toBe(`${markers.file}.txt`);
    const download = await get(
      `/vault/chats/${chatId}/attachments/${file?.id}`,
      vaultHeaders(accessToken, renewed),
    );
    expect(download.body).toBe(`notes about ${markers.file}`);

    await t.app.inject({ method: 'POST', url: '/api/v1/vault/lock', headers: bearer(accessToken) });

    // Locked: no route shows it, and by id it is absent.
    for (const { url, status, body } of await walkEverything(accessToken, chatId, attachmentUrl)) {
      expect(body, url).not.toContain(chatId);
      expect(body, url).not.toContain(markers.message);
      expect(body, url).not.toContain(markers.file);
      if (url.includes(chatId) || url === attachmentUrl.replace(/^\/api\/v1/, ''))
        expect(status, url).toBe(404);
    }
    for (const q of [markers.message, markers.file]) {
      const search = await get(`/search?q=${q}`, bearer(accessToken));
      expect(search.statusCode).toBe(200);
      expect(search.json().hits).toEqual([]);
    }
    const absent = await get(
      '/chat/conversations/00000000-0000-4000-8000-000000000000',
      bearer(accessToken),
    );
    const hidden = await get(`/chat/conversations/${chatId}`, bearer(accessToken));
    expect(hidden.statusCode).toBe(absent.statusCode);
    expect(hidden.json().detail).toBe(absent.json().detail);
    // Another account never sees it, locked or not.
    for (const { url, body } of await walkEverything(stranger.accessToken, chatId, attachmentUrl))
      expect(body, url).not.toContain(markers.message);

    // Nothing stored shows a marker: not the database, not the uploaded files.
    // Lower-cased too: the search index keeps its words folded.
    const stored = (
      (await dumpDatabase(t.app)) +
      dumpDataDir(t.app) +
      (await dumpRedis())
    ).toLowerCase();
    expect(stored).not.toContain(markers.message.toLowerCase());
    expect(stored).not.toContain(markers.file.toLowerCase());

    // Out again: back in the lists and the search, its file readable.
    const session = await unlockVault(t.app, accessToken);
    const out = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vault/chats/${chatId}/move-out`,
      headers: vaultHeaders(accessToken, session.vault_token),
    });
    expect(out.statusCode).toBe(200);
    const chats = await get('/chat/conversations', bearer(accessToken));
    expect(chats.body).toContain(chatId);
    const history = await get(`/chat/messages?conversation_id=${chatId}`, bearer(accessToken));
    expect(history.body).toContain(markers.message);
    const search = await get(`/search?q=${markers.message}`, bearer(accessToken));
    expect(search.json().hits.length).toBeGreaterThan(0);
    const again = await get(attachmentUrl.replace(/^\/api\/v1/, ''), bearer(accessToken));
    expect(again.body).toBe(`notes about ${markers.file}`);
  });

  it('erases moved chats, their turns and files when the vault is reset by mail code', async () => {
    const { accessToken, user } = await registerAndSignIn(t.app);
    const markers = { message: newMarker('erase'), file: newMarker('erasefile') };
    const sent = await chatWithFile(accessToken, markers);
    const { vault_token } = await setUpVault(t.app, accessToken);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: vaultHeaders(accessToken, vault_token),
      payload: { conversation_id: sent.conversation_id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/reset/request-code',
      headers: bearer(accessToken),
    });
    await vi.waitFor(() =>
      expect(outboxMails(t.app, user.email).some((m) => /vault reset code/.test(m.subject))).toBe(
        true,
      ),
    );
    const mail = outboxMails(t.app, user.email).findLast((m) => /vault reset code/.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/reset/erase',
      headers: bearer(accessToken),
      payload: { code, confirm: 'ERASE', new_pin: '730519' },
    });
    expect(erased.statusCode).toBe(200);
    const chats = await get('/vault/chats', vaultHeaders(accessToken, erased.json().vault_token));
    expect(chats.json().chats).toEqual([]);
    const rows = await t.app.db
      .selectFrom('messages')
      .select('id')
      .where('id', '=', sent.id)
      .execute();
    expect(rows).toEqual([]);
    const files = await t.app.db
      .selectFrom('attachments')
      .select('id')
      .where('message_id', '=', sent.id)
      .execute();
    expect(files).toEqual([]);
    expect(dumpDataDir(t.app).toLowerCase()).not.toContain(markers.file.toLowerCase());
  });

  it('moves a comparison with every panel, hides it from compare history, and back', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const h = bearer(accessToken);
    const marker = newMarker('cmp');
    const ids = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages/allocate-id?allocate_comparison_id=true',
      headers: h,
    });
    const comparisonId = String(ids.json().comparison_id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/compare/sessions',
      headers: h,
      payload: { comparison_id: comparisonId, models: ['gpt-5', 'gpt-5-mini'], blind: false },
    });
    expect(created.statusCode).toBe(201);
    const panels = created.json().panels as Array<{ index: number; conversation_id: string }>;
    for (const panel of panels) {
      const mid = await t.app.inject({
        method: 'POST',
        url: '/api/v1/chat/messages/allocate-id',
        headers: h,
      });
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/v1/compare/sessions/${comparisonId}/panels/${panel.index}/messages`,
        headers: h,
        payload: {
          message: `${marker} compared [sim tokens=10]`,
          message_id: mid.json().message_id,
        },
      });
      expect(sent.statusCode).toBe(200);
    }
    const listed = await get('/chat/conversations?excludeComparisons=false', h);
    const root = (listed.json().conversations as Array<{ id: string; kind: string }>).find(
      (c) => c.kind === 'comparison',
    );
    expect(root).toBeDefined();

    const { vault_token } = await setUpVault(t.app, accessToken);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats',
      headers: vaultHeaders(accessToken, vault_token),
      payload: { conversation_id: root?.id },
    });
    expect(moved.statusCode).toBe(200);
    const token = String(moved.headers['x-vault-token']);
    const detail = VaultChatDetail.parse(
      (await get(`/vault/chats/${root?.id}`, vaultHeaders(accessToken, token))).json(),
    );
    expect(detail.kind).toBe('comparison');
    expect(detail.messages.length).toBeGreaterThanOrEqual(panels.length);
    // One comparison is one item in the vault's list, whatever its number of panels, and its
    // count is every panel's turns.
    const vaultList = VaultChatsResponse.parse(
      (await get('/vault/chats', vaultHeaders(accessToken, token))).json(),
    );
    expect(vaultList.chats).toHaveLength(1);
    expect(vaultList.chats[0]?.kind).toBe('comparison');
    expect(panels.map((p) => p.conversation_id)).toContain(vaultList.chats[0]?.id);
    expect(vaultList.chats[0]?.message_count).toBe(detail.messages.length);
    expect(detail.messages.every((m) => m.content.includes(marker))).toBe(true);

    for (const url of [
      '/compare/sessions',
      `/compare/sessions/${comparisonId}`,
      '/chat/conversations?excludeComparisons=false',
      ...panels.map((p) => `/chat/messages?conversation_id=${p.conversation_id}`),
    ]) {
      const res = await get(url, h);
      expect(res.body, url).not.toContain(marker);
      expect(res.body, url).not.toContain(comparisonId);
    }
    expect((await get(`/compare/sessions/${comparisonId}`, h)).statusCode).toBe(404);
    const stored = (await dumpDatabase(t.app)).toLowerCase();
    expect(stored).not.toContain(marker.toLowerCase());

    const out = await t.app.inject({
      method: 'POST',
      url: `/api/v1/vault/chats/${root?.id}/move-out`,
      headers: vaultHeaders(accessToken, token),
    });
    expect(out.statusCode).toBe(200);
    const back = await get(`/compare/sessions/${comparisonId}`, h);
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(marker);
  });
});
