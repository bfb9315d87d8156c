import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VaultChatDetail, VaultSendResponse } from '@parallax/contract';
import { registerAndSignIn } from '../../../test/auth';
import { createChatTestApp, SIM_MODEL, TestSocket, type ChatTestApp } from '../../../test/chat';
import { dumpDatabase, setUpVault, vaultHeaders } from '../../../test/vault';
import type { TurnTool, TurnToolbox, TurnToolsQuery } from '../tools';

/** A search that finds one page named after its query (the web stands outside the test). */
class EchoToolbox implements TurnToolbox {
  readonly queries: TurnToolsQuery[] = [];

  loopSettings() {
    return Promise.resolve({ maxSteps: 4, toolTimeoutMs: 5_000 });
  }

  toolsFor(query: TurnToolsQuery): Promise<TurnTool[]> {
    this.queries.push(query);
    if (!query.webSearch) return Promise.resolve([]);
    return Promise.resolve([
      {
        spec: { name: 'web_search', description: 'search', parameters: { type: 'object' } },
        run: (args) =>
          Promise.resolve({
            documents: [
              {
                title: `Page on ${String(args.query)}`,
                url: `https://found.example/${String(args.query)}`,
                text: `All about ${String(args.query)}`,
              },
            ],
          }),
      },
    ]);
  }
}

describe('tools in the vault', () => {
  let t: ChatTestApp;
  const toolbox = new EchoToolbox();

  beforeAll(async () => {
    t = await createChatTestApp({ simDefaults: { ttftMs: 0 } });
    t.app.turnToolbox.use(toolbox);
  }, 60_000);
  afterAll(() => t?.close());

  async function vaultSend(webSearch: boolean | undefined, marker: string) {
    const { user, accessToken } = await registerAndSignIn(t.app);
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, user.id, {
      token: accessToken,
    });
    const token = (await setUpVault(t.app, accessToken)).vault_token;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/vault/chats/messages',
      headers: { ...vaultHeaders(accessToken, token), 'x-connection-id': connectionId },
      payload: {
        message_id: randomUUID(),
        message: `Look it up [sim call=web_search{"query":"${marker}"}]`,
        ...SIM_MODEL,
        ...(webSearch === undefined ? {} : { web_search: webSearch }),
      },
    });
    const sent = VaultSendResponse.parse(res.json());
    await socket.waitFor(
      (f) => f.type === 'ai_status' && f.status === 'completed' && f.message_id === sent.message.id,
      20_000,
    );
    socket.close();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/vault/chats/${sent.conversation_id}`,
      headers: vaultHeaders(accessToken, String(res.headers['x-vault-token'] ?? token)),
    });
    return { sent, detail: VaultChatDetail.parse(detail.json()) };
  }

  it('offers no tool to a vault chat whose toggle is off', async () => {
    const marker = `Mk${randomBytes(6).toString('hex')}`;
    const { detail } = await vaultSend(undefined, marker);
    expect(toolbox.queries.at(-1)).toMatchObject({ webSearch: false, vault: true });
    const request = t.sim.requests.find((r) => JSON.stringify(r.body).includes(marker));
    expect(request?.tools).toEqual([]);
    expect(detail.messages[0]?.tool_calls).toBeUndefined();
  }, 30_000);

  it('runs the tools of a vault chat whose toggle is on, their rows sealed at rest', async () => {
    const marker = `Mk${randomBytes(6).toString('hex')}`;
    const { sent, detail } = await vaultSend(true, marker);
    expect(toolbox.queries.at(-1)).toMatchObject({ webSearch: true, vault: true });
    const turn = detail.messages.find((m) => m.id === sent.message.id);
    expect(turn?.tool_calls).toEqual([
      expect.objectContaining({
        name: 'web_search',
        status: 'completed',
        arguments: `{"query":"${marker}"}`,
      }),
    ]);
    expect(turn?.citations).toEqual([
      {
        index: 1,
        title: `Page on ${marker}`,
        url: `https://found.example/${marker}`,
        site: 'found.example',
      },
    ]);
    const row = await t.app.db
      .selectFrom('messages')
      .select(['tool_calls', 'citations'])
      .where('id', '=', sent.message.id)
      .executeTakeFirstOrThrow();
    expect(row.tool_calls).not.toBeNull();
    expect(row.citations).not.toBeNull();
    expect(await dumpDatabase(t.app)).not.toContain(marker);
  }, 30_000);
});
