import { parseArgs } from 'node:util';
import { startStripeStandIn } from '../src/features/billing/testing/stripe-stand-in';

/**
 * Runs the Stripe stand-in on its own, for browser tests and screenshots (never in production):
 *   npx tsx apps/server/scripts/stripe-stand-in.ts --port 12111 \
 *     --webhook http://127.0.0.1:<server port>/api/v1/billing/webhook --secret whsec_test
 * then start the server with STRIPE_SECRET_KEY=sk_test_x STRIPE_PUBLISHABLE_KEY=pk_test_x
 * STRIPE_WEBHOOK_SECRET=whsec_test STRIPE_API_BASE=http://127.0.0.1:12111.
 * Prints one line `stripe-stand-in listening on <url>` when ready; stops on SIGINT/SIGTERM.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    webhook: { type: 'string' },
    secret: { type: 'string' },
  },
});

const standIn = await startStripeStandIn({
  port: Number(values.port),
  ...(values.webhook !== undefined && {
    webhook: { url: values.webhook, secret: values.secret ?? 'whsec_test' },
  }),
});
console.log(`stripe-stand-in listening on ${standIn.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void standIn.close().then(() => process.exit(0)));
