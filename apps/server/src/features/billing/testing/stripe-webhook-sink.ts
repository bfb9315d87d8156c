import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * The stand-in's webhook deliveries: events in Stripe's envelope, signed as Stripe signs them
 * (`Stripe-Signature` from stripe-node's own generateTestHeaderString), POSTed to one URL.
 * Test support only. `hold` keeps events back so a test can deliver them late, twice or in
 * another order.
 */

type Json = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  data: { object: Json; previous_attributes?: Json };
}

export interface Delivery {
  event: StripeEvent;
  status: number;
}

export class WebhookSink {
  url: string | null = null;
  secret: string | null = null;
  /** While true, events are kept in `held` instead of being sent. */
  hold = false;
  readonly held: StripeEvent[] = [];
  /** Every event made, in order (sent or held). */
  readonly events: StripeEvent[] = [];
  readonly deliveries: Delivery[] = [];

  /** Makes the event (a snapshot of `object`, as Stripe sends) and sends or holds it. */
  async emit(type: string, object: Json, previous?: Json): Promise<StripeEvent> {
    const event: StripeEvent = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: {
        object: structuredClone(object),
        ...(previous && { previous_attributes: structuredClone(previous) }),
      },
    };
    this.events.push(event);
    if (this.hold) this.held.push(event);
    else await this.deliver(event);
    return event;
  }

  /**
   * POSTs one event, signed now; `signWith` signs with another secret and `signedAt` (unix
   * seconds) with another time, to test refusals.
   */
  async deliver(event: StripeEvent, signWith?: string, signedAt?: number): Promise<number> {
    if (this.url === null || this.secret === null) return 0;
    const payload = JSON.stringify(event);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: signWith ?? this.secret,
      ...(signedAt !== undefined && { timestamp: signedAt }),
    });
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ event, status: res.status });
    return res.status;
  }

  /** Sends the held events (in reverse order when asked) and stops holding. */
  async release(order: 'fifo' | 'reverse' = 'fifo'): Promise<void> {
    this.hold = false;
    const events = this.held.splice(0);
    if (order === 'reverse') events.reverse();
    for (const event of events) await this.deliver(event);
  }
}
