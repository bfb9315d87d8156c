import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { SIM_MODEL } from '../../../test/chat';
import {
  dumpDatabase,
  dumpDataDir,
  dumpRedis,
  setUpVault,
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

describe('turns inside the vault', () => {
  it('answers inside the vault: the turn, every partial answer and the note are sealed', async () => {
    const { accessToken } = await registerAndSignIn(t.app);
    const markers = {
      message: newMarker('first'),
      file: newMarker('file'),
      streamed: newMarker('streamed'),
      fresh: newMarker('fresh'),
      note: newMarker('note'),
    };
    // The simulator takes its knobs from the conversation: the whole chat streams slowly.
    const sent = await chatWithFile(accessToken, markers, '[sim tokens=60 tps=30]');
    const chatId = sent.conversation_id ?? '';
    const { vault_token } = await setUpVault(t.app, accessToken);
    let token = vault_token;
    const call = async (url: string, payload: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers: vaultHeaders(accessToken, token),
        payload,
      });
      token = String(res.headers['x-vault-token'] ?? token);
      return res;
    };
    expect((await call('/vault/chats', { conversation_id: chatId })).statusCode).toBe(200);

    // A slow answer: its partial text is written several times while it streams.
    const messageId = randomUUID();
    const streaming = call('/vault/chats/messages', {
      conversation_id: chatId,
      message_id: messageId,
      message: `${markers.streamed} in detail [sim tokens=60 tps=30]`,
      ...SIM_MODEL,
    });
    const partials = new Set<string>();

    let status = 'streaming';
    while (status !== 'completed') {
      const row = await t.app.db
        .selectFrom('messages')
        .select(['status', 'response', 'content'])
        .where('id', '=', messageId)
        .executeTakeFirst();
      status = row?.status ?? 'streaming';
      // Never marked interrupted by a sweeper while it streams.
      expect(status).not.toBe('error');
      if (row?.response && status === 'streaming') partials.add(row.response);
      if (row) expect(`${row.content}${row.response}`).not.toContain(markers.streamed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const answered = await streaming;

    expect(answered.statusCode).toBe(200);
    expect(answered.json().message.response).toContain(markers.streamed);
    // Like a chat send's reply: the turn's stream id and what is left of the day.
    const reply = answered.json<{ request_id: string; remaining_messages: number | null }>();
    const turnRow = await t.app.db
      .selectFrom('messages')
      .select('request_id')
      .where('id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(reply.request_id).toBe(turnRow.request_id);
    const left = await t.app.inject({
      method: 'GET',
      url: '/api/v1/chat/remaining-messages',
      headers: bearer(accessToken),
    });
    expect(reply.remaining_messages).toBe(left.json().remaining_messages);
    expect(reply.remaining_messages).toEqual(expect.any(Number));
    expect(partials.size).toBeGreaterThan(0);
    for (const partial of partials) expect(partial).toMatch(/^v1\./);

    // The model saw the earlier turns, opened: the upstream request holds the first marker.
    expect(JSON.stringify(t.sim.requests.at(-1)?.body)).toContain(markers.message);

    const fresh = await call('/vault/chats/messages', {
      message_id: randomUUID(),
      message: `${markers.fresh} please [sim tokens=10]`,
      ...SIM_MODEL,
    });
    expect(fresh.statusCode).toBe(200);
    const freshId = String(fresh.json().conversation_id);
    expect(
      (await call('/vault/notes', { title: markers.note, body: markers.note })).statusCode,
    ).toBe(200);
    const listed = await get('/vault/chats', vaultHeaders(accessToken, token));
    expect(
      listed
        .json()
        .chats.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([chatId, freshId].sort());

    await t.app.inject({ method: 'POST', url: '/api/v1/vault/lock', headers: bearer(accessToken) });
    for (const id of [chatId, freshId])
      for (const { url, body } of await walkEverything(
        accessToken,
        id,
        sent.attachments[0]?.url ?? '',
      ))
        for (const marker of Object.values(markers)) expect(body, url).not.toContain(marker);
    const stored = (
      (await dumpDatabase(t.app)) +
      dumpDataDir(t.app) +
      (await dumpRedis())
    ).toLowerCase();
    for (const marker of Object.values(markers)) expect(stored).not.toContain(marker.toLowerCase());
  });

  it('refuses a vault send while locked, to another account’s chat, or with an unknown model', async () => {
    const owner = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const { vault_token } = await setUpVault(t.app, owner.accessToken);
    const otherVault = await setUpVault(t.app, other.accessToken, '605193');
    const send = (access: string, vault: string | undefined, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/vault/chats/messages',
        headers: vaultHeaders(access, vault),
        payload: {
          message_id: randomUUID(),
          message: 'hello [sim tokens=3]',
          ...SIM_MODEL,
          ...payload,
        },
      });
    const first = await send(owner.accessToken, vault_token, {});
    expect(first.statusCode).toBe(200);
    const chatId = String(first.json().conversation_id);
    expect((await send(owner.accessToken, undefined, { conversation_id: chatId })).statusCode).toBe(
      423,
    );
    expect(
      (await send(other.accessToken, otherVault.vault_token, { conversation_id: chatId }))
        .statusCode,
    ).toBe(404);
    const unknown = await send(owner.accessToken, vault_token, { model: 'no-such-model' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toMatch(/^model:/);
    const again = await send(owner.accessToken, vault_token, {
      conversation_id: chatId,
      message_id: first.json().message.id,
    });
    expect(again.statusCode).toBe(409);
  });
});
