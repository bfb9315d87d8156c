import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultChatDetail, VaultSendResponse } from '@parallax/contract';
import { registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, SIM_MODEL, type ChatTestApp } from '../../../test/chat';
import { setUpVault, vaultHeaders } from '../../../test/vault';

let t: ChatTestApp;
beforeAll(async () => {
  t = await createChatTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A signed-in user with an open vault; `call` keeps the renewed vault token. */
async function openVault() {
  const { accessToken } = await registerAndSignIn(t.app);
  let token = (await setUpVault(t.app, accessToken)).vault_token;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, locked = false) => {
    const res = await t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: vaultHeaders(accessToken, locked ? undefined : token),
      payload,
    });
    token = String(res.headers['x-vault-token'] ?? token);
    return res;
  };
  return { call };
}

describe('versions of a vault chat', () => {
  it('shows the current branch with each turn’s versions, and switches between them', async () => {
    const v = await openVault();
    const first = await v.call('POST', '/vault/chats/messages', {
      message_id: randomUUID(),
      message: 'first question [sim tokens=4]',
      ...SIM_MODEL,
    });
    expect(first.statusCode).toBe(200);
    const sent = VaultSendResponse.parse(first.json());
    const chatId = sent.conversation_id;
    expect(sent.message).toMatchObject({
      parent_id: null,
      sibling_ids: [sent.message.id],
      sibling_index: 0,
      provider: SIM_MODEL.provider,
      error: null,
    });
    const send = async (message: string, versionOf?: string) => {
      const res = await v.call('POST', '/vault/chats/messages', {
        conversation_id: chatId,
        message_id: randomUUID(),
        message,
        ...(versionOf === undefined ? {} : { version_of: versionOf }),
        ...SIM_MODEL,
      });
      expect(res.statusCode).toBe(200);
      return VaultSendResponse.parse(res.json()).message;
    };
    const second = await send('second question [sim tokens=4]');
    const third = await send('third question [sim tokens=4]');
    const again = await send('second again [sim tokens=4]', second.id);
    expect(again).toMatchObject({
      parent_id: sent.message.id,
      sibling_ids: [second.id, again.id],
      sibling_index: 1,
    });

    const shown = VaultChatDetail.parse((await v.call('GET', `/vault/chats/${chatId}`)).json());
    expect(shown.messages.map((m) => m.id)).toEqual([sent.message.id, again.id]);
    expect(shown.messages[1]).toMatchObject({
      content: 'second again [sim tokens=4]',
      sibling_ids: [second.id, again.id],
      sibling_index: 1,
      parent_id: sent.message.id,
      status: 'completed',
      error: null,
    });

    // The first version again: the turn shown with it last follows it.
    const selected = await v.call('POST', `/vault/chats/messages/${second.id}/select`);
    expect(selected.statusCode).toBe(200);
    const back = VaultChatDetail.parse(selected.json());
    expect(back.id).toBe(chatId);
    expect(back.messages.map((m) => m.id)).toEqual([sent.message.id, second.id, third.id]);
    expect(back.messages[1]?.sibling_index).toBe(0);
    const reread = VaultChatDetail.parse((await v.call('GET', `/vault/chats/${chatId}`)).json());
    expect(reread.messages.map((m) => m.id)).toEqual(back.messages.map((m) => m.id));

    // A later send continues from the version shown.
    const fourth = await send('fourth question [sim tokens=4]');
    expect(fourth.parent_id).toBe(third.id);
  });

  it('groups a turn’s versions by question, as chat history does', async () => {
    const v = await openVault();
    const ask = async (message: string, chatId?: string, versionOf?: string) => {
      const res = await v.call('POST', '/vault/chats/messages', {
        message_id: randomUUID(),
        message,
        ...(chatId === undefined ? {} : { conversation_id: chatId }),
        ...(versionOf === undefined ? {} : { version_of: versionOf }),
        ...SIM_MODEL,
      });
      expect(res.statusCode).toBe(200);
      return VaultSendResponse.parse(res.json()).message;
    };
    const asked = await ask('tide times [sim tokens=4]');
    const chatId = asked.conversation_id;
    const regenerated = await ask('tide times [sim tokens=4]', chatId, asked.id);
    expect(regenerated).toMatchObject({
      question_version_ids: [regenerated.id],
      answer_sibling_ids: [asked.id, regenerated.id],
      answer_sibling_index: 1,
    });
    const edited = await ask('tide times in Brest [sim tokens=4]', chatId, regenerated.id);
    const grouped = {
      sibling_ids: [asked.id, regenerated.id, edited.id],
      sibling_index: 2,
      question_version_ids: [regenerated.id, edited.id],
      question_version_index: 1,
      answer_sibling_ids: [edited.id],
      answer_sibling_index: 0,
    };
    expect(edited).toMatchObject(grouped);
    const shown = VaultChatDetail.parse((await v.call('GET', `/vault/chats/${chatId}`)).json());
    expect(shown.messages[0]).toMatchObject(grouped);

    // The first question again: its answer shown last, opened.
    const back = VaultChatDetail.parse(
      (await v.call('POST', `/vault/chats/messages/${regenerated.id}/select`)).json(),
    );
    expect(back.messages[0]).toMatchObject({
      id: regenerated.id,
      content: 'tide times [sim tokens=4]',
      question_version_ids: [regenerated.id, edited.id],
      question_version_index: 0,
      answer_sibling_ids: [asked.id, regenerated.id],
      answer_sibling_index: 1,
    });
    expect(back.messages[0]?.response).toBeTruthy();
  });

  it('answers 404 outside the caller’s vault and 423 while locked', async () => {
    const v = await openVault();
    const other = await openVault();
    const sent = await v.call('POST', '/vault/chats/messages', {
      message_id: randomUUID(),
      message: 'mine [sim tokens=3]',
      ...SIM_MODEL,
    });
    const id = VaultSendResponse.parse(sent.json()).message.id;
    expect((await other.call('POST', `/vault/chats/messages/${id}/select`)).statusCode).toBe(404);
    expect((await v.call('POST', `/vault/chats/messages/${randomUUID()}/select`)).statusCode).toBe(
      404,
    );
    expect(
      (await v.call('POST', `/vault/chats/messages/${id}/select`, undefined, true)).statusCode,
    ).toBe(423);
  });
});
