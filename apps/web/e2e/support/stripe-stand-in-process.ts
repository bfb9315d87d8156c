import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');

export interface StripeStandInProcess {
  /** For STRIPE_API_BASE, and its `/__control/*` test controls. */
  url: string;
  stop: () => Promise<void>;
}

/**
 * The server's Stripe stand-in (apps/server/scripts/stripe-stand-in.ts) in its own process, as
 * the browser suite runs the server itself: the web never imports server code. It signs its
 * webhook events with `secret` and POSTs them to `webhookUrl`.
 */
export async function startStripeStandInProcess(
  webhookUrl: string,
  secret: string,
): Promise<StripeStandInProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repoRoot, 'apps/server/scripts/stripe-stand-in.ts'),
      '--port',
      '0',
      '--webhook',
      webhookUrl,
      '--secret',
      secret,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stand-in did not start:\n${log}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const found = /stripe-stand-in listening on (\S+)/.exec(log);
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stand-in exited (${code}):\n${log}`));
    });
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
