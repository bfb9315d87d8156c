import { z } from 'zod';

/**
 * What a verified webhook body must look like before anything is read or stored. A valid
 * signature says the bytes came from whoever holds the secret, not that they are an event: a
 * string, `null` or an envelope without `type` or `data.object` would otherwise reach the
 * database or a property read. Stripe's event is not an HTTP body of our API, so the schema
 * lives here rather than in the contract. Objects stay loose: Stripe adds fields at will.
 */

const IdOrExpanded = z.union([z.string().min(1), z.looseObject({ id: z.string().min(1) })]);

const StripeObject = z.looseObject({ object: z.string().min(1), id: z.string().optional() });

export const StripeEventEnvelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: StripeObject }),
});
export type StripeEventEnvelope = z.infer<typeof StripeEventEnvelope>;

export const StripeSubscriptionObject = z.looseObject({
  object: z.literal('subscription'),
  id: z.string().min(1),
});

export const StripeInvoiceObject = z.looseObject({
  object: z.literal('invoice'),
  parent: z
    .looseObject({
      subscription_details: z.looseObject({ subscription: IdOrExpanded.nullish() }).nullish(),
    })
    .nullish(),
});

export const StripeSetupIntentObject = z.looseObject({
  object: z.literal('setup_intent'),
  id: z.string().min(1),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_method: IdOrExpanded.nullish(),
});

const SUBSCRIPTION_EVENTS = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;
const INVOICE_EVENTS = [
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
] as const;

/** The events the endpoint acts on (README "Plans and payments" lists them for the dashboard). */
export const HANDLED_EVENTS = [
  ...SUBSCRIPTION_EVENTS,
  ...INVOICE_EVENTS,
  'setup_intent.succeeded',
] as const;

const eventOf = <T extends z.ZodType, O extends z.ZodType>(type: T, object: O) =>
  z.looseObject({ id: z.string(), type, data: z.looseObject({ object }) });

/** A handled event, its object checked against what its type carries. */
const HandledEvent = z.discriminatedUnion('type', [
  eventOf(z.enum(SUBSCRIPTION_EVENTS), StripeSubscriptionObject),
  eventOf(z.enum(INVOICE_EVENTS), StripeInvoiceObject),
  eventOf(z.literal('setup_intent.succeeded'), StripeSetupIntentObject),
]);
export type HandledEvent = z.infer<typeof HandledEvent>;

/** A verified event: one we act on, or one we only acknowledge (Stripe's advice for others). */
export type VerifiedEvent =
  | { handled: true; event: HandledEvent }
  | { handled: false; event: Pick<StripeEventEnvelope, 'id' | 'type'> };

export type ParsedStripeEvent =
  { ok: true; verified: VerifiedEvent } | { ok: false; problem: string };

const HANDLED = new Set<string>(HANDLED_EVENTS);

function describe(error: z.ZodError): string {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map(String).join('.');
  return `${path || 'body'}: ${issue?.message ?? 'is invalid'}`;
}

/** Checks a verified body: the envelope always, the object only for the types we act on. */
export function parseStripeEvent(body: unknown): ParsedStripeEvent {
  const envelope = StripeEventEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, problem: describe(envelope.error) };
  const { id, type } = envelope.data;
  if (!HANDLED.has(type)) return { ok: true, verified: { handled: false, event: { id, type } } };
  const handled = HandledEvent.safeParse(envelope.data);
  if (!handled.success) return { ok: false, problem: describe(handled.error) };
  return { ok: true, verified: { handled: true, event: handled.data } };
}
