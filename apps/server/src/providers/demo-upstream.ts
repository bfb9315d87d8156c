import { startProviderSim, type ProviderSim } from '@parallax/provider-sim';

/** Paced like a real model so the demo shows streaming, not an instant wall of text. */
const DEMO_PACING = { ttftMs: 400, tokensPerSecond: 60 } as const;
export const DEMO_API_KEY = 'parallax-demo';

/**
 * The offline demo model's upstream: provider-sim, in this process, started on first use
 * (most processes never need it) and stopped by close().
 */
export class DemoUpstream {
  #sim: Promise<ProviderSim> | undefined;
  #closed = false;

  constructor(private readonly pacing: { ttftMs: number; tokensPerSecond: number } = DEMO_PACING) {}

  /** OpenAI-compatible base URL of the running sim. */
  async openaiBaseUrl(): Promise<string> {
    if (this.#closed) throw new Error('demo upstream is closed');
    this.#sim ??= startProviderSim({ port: 0, host: '127.0.0.1', defaults: this.pacing }).catch(
      (error: unknown) => {
        this.#sim = undefined;
        throw error;
      },
    );
    return (await this.#sim).baseUrls.openai;
  }

  get started(): boolean {
    return this.#sim !== undefined;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const sim = this.#sim;
    this.#sim = undefined;
    if (sim) await (await sim.catch(() => undefined))?.close();
  }
}
