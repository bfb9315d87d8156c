import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultChatDetail, VaultSendResponse } from '@parallax/contract';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, SIM_MODEL, TestSocket, type ChatTestApp } from '../../../test/chat';
import {
  dumpDatabase,
  dumpDataDir,
  dumpRedis,
  setUpVault,
  vaultHeaders,
} from '../../../test/vault';
import { messageLog } from '../../realtime/stream-envelope';

let t: ChatTestApp;
beforeAll(async () => {
  t = await createChatTestApp();
});
afterAll(async () => {
  await t?.close();
});

const newMarker = (label: string) => `Mk${label}${randomBytes(6).toString('hex')}`;

/** A signed-in user with an open vault and a live socket; `call` keeps the renewed vault token. */
async function openVaultWithSocket() {
  const { user, accessToken } = await registerAndSignIn(t.app);
  const connectionId = randomUUID();
  const socket = await TestSocket.open(t.baseUrl, connectionId, user.id, { token: accessToken });
  let token = (await setUpVault(t.app, accessToken)).vault_token;
  const headers = () => ({ ...vaultHeaders(accessToken, token), 'x-connection-id': connectionId });
  const keep = <R extends { headers: Record<string, unknown> }>(res: R): R => {
    token = String(res.headers['x-vault-token'] ?? token);
    return res;
  };
  const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    keep(await t.app.inject({ method, url: `/api/v1${url}`, headers: headers(), payload }));
  /** A vault turn with one text file, sent as multipart like the browser does. */
  const sendWithFile = async (
    fields: Record<string, string>,
    file: { name: string; text: string },
  ) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('files[]', new Blob([file.text], { type: 'text/plain' }), file.name);
    const res = await fetch(`${t.baseUrl}/api/v1/vault/chats/messages/upload`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    token = res.headers.get('x-vault-token') ?? token;
    return { status: res.status, body: (await res.json()) as unknown };
  };
  return { user, accessToken, socket, call, sendWithFile };
}

/** Polls the turn's row until `done` says so; every row seen is handed to `seen`. */
async function watchRow(
  id: string,
  seen: (row: { status: string; response: string | null; content: string }) => void,
  done: (status: string) => boolean,
) {
  for (let i = 0; i < 400; i++) {
    const row = await t.app.db
      .selectFrom('messages')
      .select(['status', 'response', 'content'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row) seen(row);
    if (row && done(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  throw new Error('the turn did not end');
}

describe('a vault chat answers live', () => {
  it('streams a sealed answer with a file; nothing readable stays in the database or Redis', async () => {
    const v = await openVaultWithSocket();
    const markers = {
      message: newMarker('ask'),
      file: newMarker('file'),
      fileName: newMarker('name'),
      note: newMarker('note'),
    };
    const messageId = randomUUID();
    const sending = v.sendWithFile(
      {
        message_id: messageId,
        message: `${markers.message} in detail [sim tokens=60 tps=25]`,
        ...SIM_MODEL,
      },
      { name: `${markers.fileName}.txt`, text: `what the file says: ${markers.file}` },
    );
    const partials = new Set<string>();
    let midStream: string[] = [];
    const watching = watchRow(
      messageId,
      (row) => {
        if (row.status === 'streaming' && row.response !== null) partials.add(row.response);
        expect(`${row.content}${row.response}`).not.toContain(markers.message);
      },
      (status) => status !== 'pending' && status !== 'streaming',
    );
    const sent = await sending;
    expect(sent.status).toBe(200);
    const answer = VaultSendResponse.parse(sent.body);
    // The send answers at once: the answer comes on the socket, token by token.
    expect(answer.message.status).toBe('streaming');
    expect(answer.message.attachments.map((a) => a.filename)).toEqual([`${markers.fileName}.txt`]);
    await v.socket.waitFor((f) => f.type === 'ai_token' && f.message_id === messageId);

    // A reload mid-answer: a new socket resumes from the replay log.
    const late = await TestSocket.open(t.baseUrl, randomUUID(), v.user.id, {
      token: v.accessToken,
    });
    late.send({ type: 'resume', message_id: messageId, last_sequence: 0 });
    await late.waitFor((f) => f.type === 'ai_token' && f.message_id === messageId);
    midStream = (await t.app.bus.readLog(messageLog(messageId))).slice();
    expect(midStream.length).toBeGreaterThan(0);

    await v.socket.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === messageId,
      20_000,
    );
    const final = await watching;
    expect(final.status).toBe('completed');
    const streamed = v.socket
      .tokens(messageId)
      .map((f) => f.token)
      .join('');
    expect(streamed).toContain(markers.message);
    await late.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === messageId,
    );
    expect(
      late
        .tokens(messageId)
        .map((f) => f.token)
        .join(''),
    ).toBe(streamed);
    // At least one partial write happened while it streamed, sealed like the final one.
    expect(partials.size).toBeGreaterThan(0);
    for (const partial of partials) expect(partial).toMatch(/^v1\./);
    expect(final.response).toMatch(/^v1\./);
    // The model read the file, opened.
    expect(JSON.stringify(t.sim.requests.at(-1)?.body)).toContain(markers.file);

    // The replay log held the tokens in plain while it streamed; it went when the answer ended.
    await expect.poll(() => t.app.bus.readLog(messageLog(messageId))).toEqual([]);
    const detail = VaultChatDetail.parse(
      (await v.call('GET', `/vault/chats/${answer.conversation_id}`)).json(),
    );
    expect(detail.messages[0]?.response).toBe(streamed);
    const file = detail.messages[0]?.attachments[0];
    expect(file?.filename).toBe(`${markers.fileName}.txt`);
    const download = await v.call(
      'GET',
      `/vault/chats/${answer.conversation_id}/attachments/${file?.id}`,
    );
    expect(download.body).toBe(`what the file says: ${markers.file}`);
    expect(
      (await v.call('POST', '/vault/notes', { title: markers.note, body: markers.note }))
        .statusCode,
    ).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/lock',
      headers: bearer(v.accessToken),
    });
    expect((await v.call('GET', `/vault/chats/${answer.conversation_id}`)).statusCode).toBe(423);
    const stored = (
      (await dumpDatabase(t.app)) +
      dumpDataDir(t.app) +
      (await dumpRedis())
    ).toLowerCase();
    for (const marker of Object.values(markers)) expect(stored).not.toContain(marker.toLowerCase());
    v.socket.close();
    late.close();
  });

  it('stops a vault answer, keeps its partial text sealed, and regenerates it as a new version', async () => {
    const v = await openVaultWithSocket();
    const stranger = await registerAndSignIn(t.app);
    const strangerVault = await setUpVault(t.app, stranger.accessToken);
    const first = await v.call('POST', '/vault/chats/messages', {
      message_id: randomUUID(),
      message: 'first question [sim tokens=5]',
      ...SIM_MODEL,
    });
    const chatId = VaultSendResponse.parse(first.json()).conversation_id;
    await v.socket.waitFor(
      (f) =>
        f.type === 'ai_status' &&
        f.status === 'completed' &&
        f.message_id === first.json().message.id,
    );
    const slowId = randomUUID();
    const slow = await v.call('POST', '/vault/chats/messages', {
      conversation_id: chatId,
      message_id: slowId,
      message: 'second question [sim tokens=400 tps=20]',
      ...SIM_MODEL,
    });
    expect(slow.json().message.status).toBe('streaming');
    await v.socket.waitFor((f) => f.type === 'ai_token' && f.message_id === slowId);

    // Another account, or a locked vault, cannot stop it.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats/cancel',
      headers: vaultHeaders(stranger.accessToken, strangerVault.vault_token),
      payload: { message_id: slowId },
    });
    expect(foreign.statusCode).toBe(404);
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats/cancel',
      headers: bearer(v.accessToken),
      payload: { message_id: slowId },
    });
    expect(locked.statusCode).toBe(423);

    const stopped = await v.call('POST', '/vault/chats/cancel', { message_id: slowId });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ cancelled: true });
    const row = await t.app.db
      .selectFrom('messages')
      .select(['status', 'response'])
      .where('id', '=', slowId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(row.response).toMatch(/^v1\./);
    await expect.poll(() => t.app.bus.readLog(messageLog(slowId))).toEqual([]);
    const afterStop = VaultChatDetail.parse((await v.call('GET', `/vault/chats/${chatId}`)).json());
    expect(afterStop.messages.map((m) => m.status)).toEqual(['completed', 'cancelled']);
    expect(afterStop.messages[1]?.response?.length).toBeGreaterThan(0);

    // Regenerate: another version of the stopped turn, after the same first turn.
    const againId = randomUUID();
    const again = await v.call('POST', '/vault/chats/messages', {
      conversation_id: chatId,
      message_id: againId,
      version_of: slowId,
      message: 'second question [sim tokens=6]',
      ...SIM_MODEL,
    });
    expect(again.statusCode).toBe(200);
    await v.socket.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === againId,
    );
    const upstream = JSON.stringify(t.sim.requests.at(-1)?.body);
    expect(upstream).toContain('first question');
    expect(upstream.match(/second question/g)?.length).toBe(1);
    const shown = VaultChatDetail.parse((await v.call('GET', `/vault/chats/${chatId}`)).json());
    expect(shown.messages.map((m) => m.id)).toEqual([first.json().message.id, againId]);
    expect(shown.messages[1]?.status).toBe('completed');

    const wrongVersion = await v.call('POST', '/vault/chats/messages', {
      conversation_id: chatId,
      message_id: randomUUID(),
      version_of: randomUUID(),
      message: 'x',
      ...SIM_MODEL,
    });
    expect(wrongVersion.statusCode).toBe(422);
    expect(wrongVersion.json().detail).toMatch(/^version_of:/);
    v.socket.close();
  });

  it('stops a running vault answer when the vault is locked', async () => {
    const v = await openVaultWithSocket();
    const id = randomUUID();
    const sent = await v.call('POST', '/vault/chats/messages', {
      message_id: id,
      message: 'a long one [sim tokens=400 tps=20]',
      ...SIM_MODEL,
    });
    expect(sent.json().message.status).toBe('streaming');
    await v.socket.waitFor((f) => f.type === 'ai_token' && f.message_id === id);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/lock',
      headers: bearer(v.accessToken),
    });
    const row = await t.app.db
      .selectFrom('messages')
      .select(['status', 'response'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    expect(row.response).toMatch(/^v1\./);
    await expect.poll(() => t.app.bus.readLog(messageLog(id))).toEqual([]);
    v.socket.close();
  });

  it('refuses a vault file the chat rules refuse, storing nothing', async () => {
    const v = await openVaultWithSocket();
    const before = await t.app.db
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await v.sendWithFile(
      { message_id: randomUUID(), message: 'look [sim tokens=3]', ...SIM_MODEL },
      { name: 'tool.exe', text: '\u0000\u0001binary' },
    );
    expect(refused.status).toBe(415);
    const after = await t.app.db
      .selectFrom('attachments')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    v.socket.close();
  });
});
