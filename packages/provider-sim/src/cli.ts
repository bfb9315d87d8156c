import { startProviderSim } from './sim-server';

const DEFAULT_PORT = 4010;

function portFromEnv(): number {
  const raw = process.env.SIM_PORT;
  if (raw === undefined || raw === '') return DEFAULT_PORT;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new RangeError(`SIM_PORT must be a port number, got '${raw}'`);
  }
  return port;
}

async function start(): Promise<Awaited<ReturnType<typeof startProviderSim>>> {
  const port = portFromEnv();
  try {
    return await startProviderSim({ port, host: process.env.SIM_HOST ?? '127.0.0.1' });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'EADDRINUSE') {
      process.stderr.write(`provider-sim: port ${port} is in use; set SIM_PORT to another port.\n`);
      process.exit(1);
    }
    throw error;
  }
}

const sim = await start();
const { baseUrls } = sim;
process.stdout.write(
  [
    `provider-sim listening on ${sim.url}`,
    '',
    'Point the Parallax server at it (any non-empty key is accepted):',
    `  OPENAI_BASE_URL=${baseUrls.openai} OPENAI_API_KEY=sim`,
    `  ANTHROPIC_BASE_URL=${baseUrls.anthropic} ANTHROPIC_API_KEY=sim`,
    `  GEMINI_BASE_URL=${baseUrls.gemini} GEMINI_API_KEY=sim`,
    `  XAI_BASE_URL=${baseUrls.grok} XAI_API_KEY=sim`,
    `  GOOGLE_VERTEX_BASE_URL=${baseUrls.google}`,
    '',
    `Knobs: x-sim-ttft, x-sim-tps, x-sim-tokens, x-sim-fault, x-sim-fault-after headers, or e.g. "[sim tps=20 fault=drop]" in the prompt.`,
    `Recorded requests: GET ${sim.url}/__sim/requests (DELETE to clear).`,
    '',
  ].join('\n'),
);

const shutdown = (): void => {
  void sim.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
