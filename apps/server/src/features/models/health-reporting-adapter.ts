import type { Provider } from '@parallax/contract';
import type {
  ChatCompletion,
  ChatRequest,
  ChatStreamEvent,
  ProviderAdapter,
} from '../../providers/chat-types';
import { verdictOf, type CallVerdict } from './provider-health-failure';

export type HealthReport = (provider: Provider, verdict: CallVerdict | { kind: 'ok' }) => void;

/**
 * The adapter, telling `report` how each real call went: answered (ok), failed before any
 * answer with a connection-level error (unreachable), or failed in a way that proves the
 * upstream answered (a rate limit, a bad request, a stream cut after its first event).
 */
export function withHealthReports(adapter: ProviderAdapter, report: HealthReport): ProviderAdapter {
  const { provider } = adapter;
  return {
    provider,
    streamChat(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
      return {
        async *[Symbol.asyncIterator]() {
          let answered = false;
          try {
            for await (const event of adapter.streamChat(request)) {
              if (!answered) {
                answered = true;
                report(provider, { kind: 'ok' });
              }
              yield event;
            }
          } catch (error) {
            if (!answered) report(provider, verdictOf(error, provider));
            throw error;
          }
        },
      };
    },
    async completeChat(request: ChatRequest): Promise<ChatCompletion> {
      try {
        const completion = await adapter.completeChat(request);
        report(provider, { kind: 'ok' });
        return completion;
      } catch (error) {
        report(provider, verdictOf(error, provider));
        throw error;
      }
    },
  };
}
