import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppPair, type TestAppPair } from '../../../../test/app';
import { TestSocket } from '../../../../test/chat';
import type { ToolLoopSettings, TurnTool, TurnToolbox } from '../../tools';
import {
  isEnd,
  numbered,
  sendWithTools,
  storedTurn,
  THREE_STEPS,
  toolEvents,
  visitorOn,
} from './tool-steps.test-support';

/** Tools that take a moment (the web stands outside the test): the turn is caught mid-way. */
const slowToolbox: TurnToolbox = {
  loopSettings: (): Promise<ToolLoopSettings> =>
    Promise.resolve({ maxSteps: 8, toolTimeoutMs: 10_000 }),
  toolsFor: ({ webSearch }): Promise<TurnTool[]> =>
    Promise.resolve(
      webSearch
        ? ['web_search', 'read_page'].map((name) => ({
            spec: { name, description: name, parameters: { type: 'object', properties: {} } },
            run: () =>
              new Promise((resolve) =>
                setTimeout(
                  () =>
                    resolve({
                      documents: [
                        {
                          title: name,
                          url: `https://${name.replace('_', '-')}.example/`,
                          text: `${name} says hi`,
                        },
                      ],
                    }),
                  400,
                ),
              ),
          }))
        : [],
    ),
};

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe.skipIf(process.env.REDIS_URL === undefined)(
  'a multi-step turn across processes (skipped without REDIS_URL)',
  () => {
    let sim: ProviderSim;
    let pair: TestAppPair;
    let a: string;
    let b: string;

    beforeAll(async () => {
      sim = await startProviderSim({
        port: 0,
        host: '127.0.0.1',
        defaults: { ttftMs: 0, tokensPerSecond: 200, lengthTokens: 20 },
      });
      pair = await createTestAppPair({
        env: { OPENAI_API_KEY: 'sk-test-steps', OPENAI_BASE_URL: sim.baseUrls.openai },
      });
      pair.a.turnToolbox.use(slowToolbox);
      pair.b.turnToolbox.use(slowToolbox);
      a = await listen(pair.a);
      b = await listen(pair.b);
    }, 60_000);
    afterAll(async () => {
      await pair?.close();
      await sim?.close();
    });

    it('resumes mid-turn on the other process: every later tool event and token once, in order', async () => {
      const who = await visitorOn(a);
      const sent = await sendWithTools(a, who, `${THREE_STEPS} #resume`);
      await who.socket.waitFor(
        (f) => f.type === 'ai_tool' && f.message_id === sent.id && f.call.status === 'running',
        20_000,
      );
      who.socket.close();
      await who.socket.closed();
      const seen = numbered(who.socket.frames, sent.id);
      const last = Math.max(0, ...seen);

      const onB = await TestSocket.open(b, who.connectionId, who.visitor);
      onB.send({ type: 'resume', message_id: sent.id, last_sequence: last });
      const end = await onB.waitFor(isEnd(sent.id), 30_000);
      expect(end.status).toBe('completed');
      const later = numbered(onB.frames, sent.id);
      expect(later[0]).toBe(last + 1);
      expect([...seen, ...later]).toEqual([...seen, ...later].map((_, i) => i + 1));
      // The calls that had started before the drop are not replayed; their ends are.
      const replayedTools = toolEvents(onB.frames, sent.id);
      expect(replayedTools.every((e) => e.sequence > last)).toBe(true);
      const statuses = [...toolEvents(who.socket.frames, sent.id), ...replayedTools].map(
        (e) => `${e.call.step}:${e.call.status}`,
      );
      expect(statuses.filter((s) => s.endsWith(':completed'))).toEqual([
        '0:completed',
        '0:completed',
        '1:completed',
      ]);
      const stored = await storedTurn(b, who.visitor, sent.conversation_id);
      expect(stored.tool_calls).toHaveLength(3);
      expect(stored.citations?.map((c) => c.index)).toEqual([1, 2]);
      onB.close();
    }, 60_000);
  },
);
