import type {
  AdminSupportTicketDetail,
  LogEntry,
  SupportTicketDetail,
  TelemetryEvent,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { newVisitorId } from '../../../test/chat';

const entry = (id: string, userId: string | null): LogEntry => ({
  id,
  error: { type: 'RENDER_ERROR', severity: 'HIGH', message: 'Cannot read properties of null' },
  user_agent: 'Mozilla/5.0',
  url: 'http://localhost:3000/chat',
  user_id: userId,
  session_id: 'sess_1',
  timestamp: new Date().toISOString(),
  breadcrumbs: [],
});

const event = (userId: string | null): TelemetryEvent => ({
  event_type: 'page_view',
  properties: { path: '/chat' },
  timestamp: new Date().toISOString(),
  session_id: 'sess_1',
  user_id: userId,
});

describe('the user a browser report is filed under', () => {
  let t: TestApp;
  let bob: SignedInUser;
  let alice: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    bob = await registerAndSignIn(t.app);
    alice = await registerAndSignIn(t.app);
    admin = await registerAndSignIn(t.app, { admin: true });
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

  const storedReport = (clientId: string) =>
    t.app.db
      .selectFrom('client_error_logs')
      .select('user_id')
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();

  it("is never another user's id from the body, and the support panel shows only the user's own", async () => {
    const visitor = { 'x-visitor-id': newVisitorId() };
    expect(
      (await post('/logging/errors', { errors: [entry('err_by_visitor', bob.user.id)] }, visitor))
        .statusCode,
    ).toBe(202);
    expect(
      (await post('/logging/errors', { errors: [entry('err_anonymous', bob.user.id)] })).statusCode,
    ).toBe(202);
    expect(
      (
        await post(
          '/logging/errors',
          { errors: [entry('err_by_alice', bob.user.id)] },
          bearer(alice.accessToken),
        )
      ).statusCode,
    ).toBe(202);
    expect(
      (
        await post(
          '/logging/errors',
          { errors: [entry('err_by_bob', null)] },
          bearer(bob.accessToken),
        )
      ).statusCode,
    ).toBe(202);

    expect(await storedReport('err_by_visitor')).toEqual({ user_id: null });
    expect(await storedReport('err_anonymous')).toEqual({ user_id: null });
    expect(await storedReport('err_by_alice')).toEqual({ user_id: alice.user.id });
    expect(await storedReport('err_by_bob')).toEqual({ user_id: bob.user.id });

    const opened = await post(
      '/support/tickets',
      { subject: 'Chat is blank', category: 'bug', message: 'The page stays blank.' },
      bearer(bob.accessToken),
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const ticket = opened.json<SupportTicketDetail>();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/support/tickets/${ticket.id}`,
      headers: bearer(admin.accessToken),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const errorIds = detail
      .json<AdminSupportTicketDetail>()
      .user.recent_errors.map((e) => e.error_id);
    expect(errorIds).toEqual(['err_by_bob']);
  });

  it('files usage events under the authenticated user only', async () => {
    const visitor = { 'x-visitor-id': newVisitorId() };
    expect(
      (await post('/logging/telemetry', { events: [event(bob.user.id)] }, visitor)).statusCode,
    ).toBe(202);
    expect(
      (
        await post(
          '/logging/telemetry',
          { events: [event(bob.user.id)] },
          bearer(alice.accessToken),
        )
      ).statusCode,
    ).toBe(202);
    const owners = await t.app.db.selectFrom('telemetry_events').select('user_id').execute();
    expect(owners.map((o) => o.user_id).sort()).toEqual([alice.user.id, null].sort());
  });
});
