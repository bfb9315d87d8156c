import type { Provider, ProviderTestResponse } from '@parallax/contract';
import { classifyUpstreamError } from '../../providers/classify-upstream-error';
import { effectiveReadiness } from './effective-providers';
import { verdictOf, type CallVerdict } from './provider-health-failure';
import type { ModelsRepository } from './models.repository';
import type { ModelsService, ProvidersSource } from './models.service';

/** A connection test gives up after this long (a hung upstream must not hold the console). */
export const CONNECTION_TEST_TIMEOUT_MS = 15_000;

/** A connection test's answer, and what it says about the provider's health. */
export interface ConnectionTestOutcome {
  response: ProviderTestResponse;
  verdict: CallVerdict | { kind: 'ok' };
}

const NOTHING_LEARNED = { kind: 'silent' } as const;

/**
 * "Test connection" (and the health probe): the smallest real call (one short prompt, a few
 * output tokens) to the provider's default or first model, timed to its first answer; a
 * failure comes back with the class the upstream classifier gives it, never with the key.
 */
export async function testProviderConnection(
  provider: Provider,
  deps: { models: ModelsService; repository: ModelsRepository; providers: ProvidersSource },
): Promise<ConnectionTestOutcome> {
  const started = Date.now();
  const fail = (
    errorClass: string,
    detail: string,
    model: string | null,
    verdict: CallVerdict = NOTHING_LEARNED,
  ): ConnectionTestOutcome => ({
    response: {
      ok: false,
      latency_ms: Date.now() - started,
      error_class: errorClass,
      detail,
      model,
    },
    verdict,
  });
  const rows = (await deps.repository.listAll()).filter(
    (row) => row.provider === provider && row.is_demo === 0,
  );
  const row =
    rows.find((r) => r.is_default === 1 && r.enabled === 1) ??
    rows.find((r) => r.enabled === 1) ??
    rows[0];
  if (!row) return fail('model_unavailable', 'Add a model for this provider first.', null);
  const adapter = await deps.models.adapterForTest(provider);
  if (!adapter) {
    const effective = await deps.providers.current();
    const reason = effectiveReadiness(provider, { ...effective, disabled: new Set() });
    return fail('not_configured', reason.unavailableReason ?? 'Not configured.', row.model);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CONNECTION_TEST_TIMEOUT_MS);
  try {
    for await (const event of adapter.streamChat({
      model: row.model,
      messages: [{ role: 'user', content: 'Reply with the word ok.' }],
      maxOutputTokens: 16,
      signal: controller.signal,
    })) {
      if (event.type === 'text' || event.type === 'finish') break;
    }
    return {
      response: {
        ok: true,
        latency_ms: Date.now() - started,
        error_class: null,
        detail: null,
        model: row.model,
      },
      verdict: { kind: 'ok' },
    };
  } catch (error) {
    const classified = classifyUpstreamError(error, provider, []);
    const verdict = verdictOf(error, provider);
    if (classified.refusal !== undefined)
      return fail('address_refused', classified.refusal, row.model, verdict);
    // Our own deadline fired: the upstream did not answer in time.
    const timedOut = controller.signal.aborted && classified.kind === 'cancelled';
    return fail(
      timedOut ? 'timeout' : classified.kind,
      classified.message,
      row.model,
      timedOut
        ? { kind: 'unreachable', failure: { code: 'timeout', reason: 'timed out' } }
        : verdict,
    );
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
