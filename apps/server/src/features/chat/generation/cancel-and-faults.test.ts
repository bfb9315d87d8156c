import { randomUUID } from 'node:crypto';
import type {
  CancelResponse,
  Conversation,
  HistoryResponse,
  MessageResponse,
  RemainingMessagesResponse,
  WsError,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asMessage,
  createChatTestApp,
  newVisitorId,
  postJson,
  sendBody,
  TestSocket,
  visitorHeaders,
  type ChatTestApp,
} from '../../../../test/chat';
import { describeKind, type ProviderErrorKind } from '../../../providers/provider-error';

describe('cancel', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  async function startSlow(
    visitor: string,
  ): Promise<{ sent: MessageResponse; socket: TestSocket }> {
    const connectionId = randomUUID();
    const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
    const sent = asMessage(
      (
        await postJson(
          t.baseUrl,
          '/api/v1/chat/messages',
          visitorHeaders(visitor, connectionId),
          sendBody('slow [sim tokens=500 tps=40]'),
        )
      ).json,
    );
    await socket.waitFor((f) => f.type === 'ai_token' && f.sequence >= 3);
    return { sent, socket };
  }

  for (const how of ['message_id', 'request_id', 'path'] as const) {
    it(`aborts the upstream at once and keeps the partial text (by ${how})`, async () => {
      const visitor = newVisitorId();
      const { sent, socket } = await startSlow(visitor);
      const closed = new Promise<number>((resolve) =>
        t.sim.on('client-close', () => resolve(Date.now())),
      );
      const started = Date.now();
      const res =
        how === 'path'
          ? await t.app.inject({
              method: 'POST',
              url: `/api/v1/chat/cancel/${sent.request_id}`,
              headers: visitorHeaders(visitor),
            })
          : await t.app.inject({
              method: 'POST',
              url: '/api/v1/chat/cancel',
              headers: visitorHeaders(visitor),
              payload:
                how === 'message_id' ? { message_id: sent.id } : { request_id: sent.request_id },
            });
      expect(res.json<CancelResponse>()).toEqual({ cancelled: true });
      expect((await closed) - started).toBeLessThan(1_000);
      const stored = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
          headers: visitorHeaders(visitor),
        })
      ).json<HistoryResponse>().messages[0];
      expect(stored?.status).toBe('cancelled');
      expect(stored?.response?.length).toBeGreaterThan(0);
      await socket.waitFor(
        (f) => f.type === 'ai_status' && f.status === 'completed' && f.details === 'cancelled',
      );
      socket.close();
    });
  }

  it('cancels nothing for another owner, and says so when nothing runs', async () => {
    const visitor = newVisitorId();
    const { sent, socket } = await startSlow(visitor);
    const stranger = visitorHeaders(newVisitorId());
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/cancel',
          headers: stranger,
          payload: { message_id: sent.id },
        })
      ).json(),
    ).toEqual({ cancelled: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/chat/cancel/${sent.request_id}`,
          headers: stranger,
        })
      ).json(),
    ).toEqual({ cancelled: false });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/cancel',
          headers: visitorHeaders(visitor),
          payload: {},
        })
      ).json(),
    ).toEqual({ cancelled: true });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/cancel',
          headers: visitorHeaders(visitor),
          payload: {},
        })
      ).json(),
    ).toEqual({ cancelled: false });
    socket.close();
  });
});

/** provider-sim fault → the error kind the websocket error event carries. */
const FAULTS: Record<string, ProviderErrorKind> = {
  '429': 'rate_limit',
  '500': 'service_unavailable',
  '503': 'service_unavailable',
  context_length: 'context_length',
  auth: 'auth',
  quota: 'quota',
  model_not_found: 'model_unavailable',
  drop: 'service_unavailable',
  malformed: 'invalid_response',
};

describe('upstream faults', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp({ env: { VISITOR_DAILY_LIMIT: '100' } });
  });
  afterAll(() => t.close());

  for (const [fault, kind] of Object.entries(FAULTS)) {
    for (const after of [undefined, 3]) {
      it(`${fault}${after === undefined ? '' : ' after 3 tokens'} → error event '${kind}', status error, unit refunded`, async () => {
        const visitor = newVisitorId();
        const connectionId = randomUUID();
        const socket = await TestSocket.open(t.baseUrl, connectionId, visitor);
        const directive = `[sim fault=${fault}${after === undefined ? '' : ` fault-after=${after}`}]`;
        const sent = asMessage(
          (
            await postJson(
              t.baseUrl,
              '/api/v1/chat/messages',
              visitorHeaders(visitor, connectionId),
              sendBody(`hi ${directive}`),
            )
          ).json,
        );
        const error = await socket.waitFor(
          (f): f is WsError => f.type === 'error' && f.message_id === sent.id,
        );
        expect(error).toMatchObject({
          code: kind,
          error: describeKind(kind, 'openai').userMessage,
        });
        await socket.waitFor((f) => f.type === 'ai_status' && f.status === 'error');
        const stored = (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/chat/messages?conversation_id=${sent.conversation_id}`,
            headers: visitorHeaders(visitor),
          })
        ).json<HistoryResponse>().messages[0];
        expect(stored).toMatchObject({
          status: 'error',
          error: describeKind(kind, 'openai').userMessage,
        });
        await expect
          .poll(
            async () =>
              (
                await t.app.inject({
                  method: 'GET',
                  url: '/api/v1/chat/remaining-messages',
                  headers: visitorHeaders(visitor),
                })
              ).json<RemainingMessagesResponse>().remaining_messages,
          )
          .toBe(100);
        socket.close();
      });
    }
  }

  it('names a chat after its question when its first answer fails', async () => {
    const visitor = newVisitorId();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: visitorHeaders(visitor),
      payload: sendBody('Explain Bayes theorem simply [sim fault=429]'),
    });
    const sent = asMessage(res.json());
    expect(sent.status).toBe('error');
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/chat/conversations/${sent.conversation_id}`,
              headers: visitorHeaders(visitor),
            })
          ).json<Conversation>().title,
      )
      .toBe('Explain Bayes theorem simply');
  });

  it('retries a message in error when it is sent again with the same message_id', async () => {
    const visitor = newVisitorId();
    const body = sendBody('first fails [sim fault=503]');
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: visitorHeaders(visitor),
      payload: body,
    });
    expect(failed.json<MessageResponse>().status).toBe('error');
    const resend = {
      ...body,
      message: 'now it works',
      conversation_id: failed.json<MessageResponse>().conversation_id,
    };
    const retried = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/chat/messages',
          headers: visitorHeaders(visitor),
          payload: resend,
        }),
      ),
    );
    for (const r of retried)
      expect(r.json<MessageResponse>()).toMatchObject({
        id: body.message_id,
        status: 'completed',
        message: 'now it works',
      });
    expect(new Set(retried.map((r) => r.json<MessageResponse>().request_id)).size).toBe(1);
    const history = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/chat/messages?conversation_id=${resend.conversation_id}`,
        headers: visitorHeaders(visitor),
      })
    ).json<HistoryResponse>();
    expect(history.messages).toHaveLength(1);
    // The failed attempt was refunded; the retry spent one unit, once.
    await expect
      .poll(
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: '/api/v1/chat/remaining-messages',
              headers: visitorHeaders(visitor),
            })
          ).json<RemainingMessagesResponse>().remaining_messages,
      )
      .toBe(99);
  });
});
