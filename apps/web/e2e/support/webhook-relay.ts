import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Held {
  body: Buffer;
  headers: Record<string, string>;
}

export interface WebhookRelay {
  /** Where the Stripe stand-in sends its events. */
  url: string;
  /** The server's webhook endpoint, once it is listening. */
  target: string | null;
  /** While true, events are answered and kept instead of passed on. */
  hold: boolean;
  /** Passes the kept events on, in the order they came. */
  release: () => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Sits between the Stripe stand-in and the server, passing Stripe's signed events on unchanged
 * (raw body and Stripe-Signature), or keeping them back: a test can then show what the browser
 * sees while Stripe's webhook is still on its way.
 */
export async function startWebhookRelay(): Promise<WebhookRelay> {
  const held: Held[] = [];
  const forward = async ({ body, headers }: Held) => {
    if (!relay.target) throw new Error('the webhook relay has no target yet');
    await fetch(relay.target, { method: 'POST', headers, body: new Uint8Array(body) });
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const event: Held = {
        body: Buffer.concat(chunks),
        headers: {
          'content-type': String(req.headers['content-type'] ?? 'application/json'),
          'stripe-signature': String(req.headers['stripe-signature'] ?? ''),
        },
      };
      if (relay.hold) {
        held.push(event);
        res.writeHead(200).end();
        return;
      }
      forward(event).then(
        () => res.writeHead(200).end(),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const relay: WebhookRelay = {
    url: `http://127.0.0.1:${port}/`,
    target: null,
    hold: false,
    release: async () => {
      relay.hold = false;
      for (const event of held.splice(0)) await forward(event);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return relay;
}
