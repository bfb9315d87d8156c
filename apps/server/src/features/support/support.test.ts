import { randomUUID } from 'node:crypto';
import type {
  AdminSupportTicketDetail,
  AdminSupportTicketListResponse,
  SupportAttachment,
  SupportTicketDetail,
  SupportTicketListResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, outboxMails, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { multipart } from '../../../test/multipart';
import { makePdf } from '../../../test/pdf';

type Headers = Record<string, string>;
const FORBIDDEN = 'You do not have permission to perform this action.';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('support tickets', () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let admin: SignedInUser;
  const h = (u: SignedInUser): Headers => bearer(u.accessToken);

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: 'boss@example.test' } });
    alice = await registerAndSignIn(t.app, { name: 'Alice' });
    bob = await registerAndSignIn(t.app);
    admin = await registerAndSignIn(t.app, { admin: true, name: 'Sam Support' });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const open = async (u: SignedInUser, body: Record<string, unknown> = {}) => {
    const res = await call('POST', '/support/tickets', h(u), {
      subject: 'Cannot export',
      category: 'bug',
      message: 'The **export** button does nothing.',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SupportTicketDetail>();
  };

  const upload = async (u: SignedInUser, name: string, data: Buffer) => {
    const form = multipart(name, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/support/attachments',
      headers: { ...h(u), ...form.headers },
      payload: form.payload,
    });
  };

  it('opens a ticket with an Error ID and a file, and mails every admin', async () => {
    const file = await upload(alice, 'report.pdf', makePdf([['Hello']]));
    expect(file.statusCode, file.body).toBe(201);
    const attachment = file.json<SupportAttachment>();
    expect(attachment.content_type).toBe('application/pdf');

    const ticket = await open(alice, { error_id: 'err_123-abc', attachment_ids: [attachment.id] });
    expect(ticket).toMatchObject({
      subject: 'Cannot export',
      category: 'bug',
      status: 'open',
      unread: false,
      error_id: 'err_123-abc',
    });
    expect(ticket.messages).toHaveLength(1);
    expect(ticket.messages[0]?.attachments.map((a) => a.filename)).toEqual(['report.pdf']);

    await vi.waitFor(() => {
      for (const to of [admin.user.email, 'boss@example.test'])
        expect(
          outboxMails(t.app, to).some((m) => m.subject === 'New support ticket: Cannot export'),
          to,
        ).toBe(true);
    });
    // The body of a ticket never goes into a mail.
    expect(outboxMails(t.app, admin.user.email).some((m) => m.text.includes('export**'))).toBe(
      false,
    );

    const download = await call('GET', `/support/attachments/${attachment.id}`, h(alice));
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', `/support/attachments/${attachment.id}`, h(bob))).statusCode).toBe(
      404,
    );
    // A file cannot be linked twice.
    const again = await call('POST', '/support/tickets', h(alice), {
      subject: 'x',
      category: 'other',
      message: 'y',
      attachment_ids: [attachment.id],
    });
    expect(again.statusCode).toBe(422);
    expect(again.json<{ detail: string }>().detail).toContain('attachment_ids');
  });

  it('refuses bad input naming the field, and files of other kinds', async () => {
    const bad = await call('POST', '/support/tickets', h(alice), {
      subject: '',
      category: 'refund',
      message: 'x'.repeat(20_001),
    });
    expect(bad.statusCode).toBe(422);
    const detail = bad.json<{ detail: string }>().detail;
    expect(detail).toContain('subject');
    expect(detail).toContain('category');
    expect(detail).toContain('message');

    const otherConversation = await call('POST', '/support/tickets', h(alice), {
      subject: 'x',
      category: 'other',
      message: 'y',
      conversation_id: randomUUID(),
    });
    expect(otherConversation.statusCode).toBe(422);
    expect(otherConversation.json<{ detail: string }>().detail).toContain('conversation_id');

    const binary = await upload(alice, 'tool.exe', Buffer.from([0x4d, 0x5a, 0x00, 0x01, 0xff]));
    expect(binary.statusCode).toBe(415);
    const image = await upload(alice, 'pixel.png', PNG);
    expect(image.json<SupportAttachment>().content_type).toBe('image/png');
  });

  it('scopes tickets to their owner: 401 for nobody, 404 for another user', async () => {
    const ticket = await open(alice);
    expect((await call('GET', '/support/tickets', {})).statusCode).toBe(401);
    expect((await call('GET', `/support/tickets/${ticket.id}`, h(bob))).statusCode).toBe(404);
    expect(
      (await call('POST', `/support/tickets/${ticket.id}/replies`, h(bob), { message: 'hi' }))
        .statusCode,
    ).toBe(404);
    expect((await call('POST', `/support/tickets/${ticket.id}/close`, h(bob))).statusCode).toBe(
      404,
    );
    const bobs = (await call('GET', '/support/tickets', h(bob))).json<SupportTicketListResponse>();
    expect(bobs.tickets.map((x) => x.id)).not.toContain(ticket.id);
  });

  it('keeps admin routes to admins, with the spec text', async () => {
    for (const [method, url] of [
      ['GET', '/admin/support/tickets'],
      ['GET', `/admin/support/tickets/${randomUUID()}`],
      ['POST', `/admin/support/tickets/${randomUUID()}/replies`],
      ['PATCH', `/admin/support/tickets/${randomUUID()}`],
    ] as const) {
      const res = await call(method, url, h(alice), method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ detail: string }>().detail).toBe(FORBIDDEN);
      expect((await call(method, url, {})).statusCode, url).toBe(401);
    }
  });

  it('runs the thread: admin reply waits on the user and mails them, notes stay internal, a user reply reopens', async () => {
    const ticket = await open(alice, { subject: 'Billing twice', category: 'billing' });

    const note = await call('POST', `/admin/support/tickets/${ticket.id}/replies`, h(admin), {
      message: 'SECRET-NOTE: refund pending with finance',
      internal: true,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json<AdminSupportTicketDetail>().status).toBe('open');

    const replied = await call('POST', `/admin/support/tickets/${ticket.id}/replies`, h(admin), {
      message: 'We refunded the second charge.',
    });
    const adminView = replied.json<AdminSupportTicketDetail>();
    expect(adminView.status).toBe('waiting_on_user');
    expect(adminView.messages.map((m) => [m.author, m.internal])).toEqual([
      ['user', false],
      ['admin', true],
      ['admin', false],
    ]);
    await vi.waitFor(() =>
      expect(
        outboxMails(t.app, alice.user.email).filter(
          (m) => m.subject === 'Support replied: Billing twice',
        ),
      ).toHaveLength(1),
    );

    // Every user answer: never the note.
    const list = await call('GET', '/support/tickets', h(alice));
    expect(list.body).not.toContain('SECRET-NOTE');
    const listed = list.json<SupportTicketListResponse>().tickets.find((x) => x.id === ticket.id);
    expect(listed).toMatchObject({ unread: true, status: 'waiting_on_user' });
    const shown = await call('GET', `/support/tickets/${ticket.id}`, h(alice));
    expect(shown.body).not.toContain('SECRET-NOTE');
    expect(shown.json<SupportTicketDetail>().messages.map((m) => m.body)).toEqual([
      'The **export** button does nothing.',
      'We refunded the second charge.',
    ]);
    const afterRead = (await call('GET', '/support/tickets', h(alice)))
      .json<SupportTicketListResponse>()
      .tickets.find((x) => x.id === ticket.id);
    expect(afterRead?.unread).toBe(false);

    const closed = await call('POST', `/support/tickets/${ticket.id}/close`, h(alice));
    expect(closed.json<SupportTicketDetail>().status).toBe('closed');
    expect(closed.body).not.toContain('SECRET-NOTE');
    const reopened = await call('POST', `/support/tickets/${ticket.id}/replies`, h(alice), {
      message: 'It happened again.',
    });
    expect(reopened.json<SupportTicketDetail>().status).toBe('open');
    expect(reopened.body).not.toContain('SECRET-NOTE');
    expect(outboxMails(t.app, alice.user.email).some((m) => m.text.includes('SECRET'))).toBe(false);

    // The admin sees the user's reply as unread.
    const inbox = (
      await call('GET', '/admin/support/tickets?status=open', h(admin))
    ).json<AdminSupportTicketListResponse>();
    expect(inbox.tickets.find((x) => x.id === ticket.id)?.unread).toBe(true);
  });

  it('files on an internal note are not the user’s to download', async () => {
    const ticket = await open(alice);
    const file = (
      await upload(admin, 'internal.txt', Buffer.from('ops only'))
    ).json<SupportAttachment>();
    await call('POST', `/admin/support/tickets/${ticket.id}/replies`, h(admin), {
      message: 'log attached',
      internal: true,
      attachment_ids: [file.id],
    });
    expect((await call('GET', `/support/attachments/${file.id}`, h(alice))).statusCode).toBe(404);
    expect((await call('GET', `/support/attachments/${file.id}`, h(admin))).statusCode).toBe(200);
  });

  it('filters, searches, assigns and shows the user context with their Error IDs', async () => {
    const ticket = await open(bob, { subject: 'Feature: dark PDF export', category: 'feature' });
    await t.app.db
      .insertInto('client_error_logs')
      .values({
        id: randomUUID(),
        client_id: 'err_bob_1',
        error_type: 'NETWORK_ERROR',
        severity: 'MEDIUM',
        message: 'Failed to fetch',
        stack_trace: null,
        url: 'http://localhost/chat',
        user_agent: 'test',
        user_id: bob.user.id,
        session_id: 's1',
        breadcrumbs: '[]',
        performance: '{}',
        details: '{}',
        occurred_at: new Date().toISOString(),
        request_id: 'r1',
        created_at: new Date().toISOString(),
      })
      .execute();

    const byCategory = (
      await call('GET', '/admin/support/tickets?category=feature', h(admin))
    ).json<AdminSupportTicketListResponse>();
    expect(byCategory.tickets.map((x) => x.id)).toEqual([ticket.id]);
    const bySubject = (
      await call('GET', '/admin/support/tickets?q=DARK%20pdf', h(admin))
    ).json<AdminSupportTicketListResponse>();
    expect(bySubject.tickets.map((x) => x.id)).toEqual([ticket.id]);
    const byEmail = (
      await call('GET', `/admin/support/tickets?q=${encodeURIComponent(bob.user.email)}`, h(admin))
    ).json<AdminSupportTicketListResponse>();
    expect(byEmail.tickets.map((x) => x.id)).toEqual([ticket.id]);
    expect((await call('GET', '/admin/support/tickets?status=shipped', h(admin))).statusCode).toBe(
      422,
    );

    const notAdmin = await call('PATCH', `/admin/support/tickets/${ticket.id}`, h(admin), {
      assignee_id: alice.user.id,
    });
    expect(notAdmin.statusCode).toBe(422);
    const assigned = await call('PATCH', `/admin/support/tickets/${ticket.id}`, h(admin), {
      assignee_id: admin.user.id,
    });
    expect(assigned.json<AdminSupportTicketDetail>().assignee?.id).toBe(admin.user.id);
    const mine = (
      await call('GET', `/admin/support/tickets?assignee_id=${admin.user.id}`, h(admin))
    ).json<AdminSupportTicketListResponse>();
    expect(mine.tickets.map((x) => x.id)).toEqual([ticket.id]);

    const detail = (
      await call('GET', `/admin/support/tickets/${ticket.id}`, h(admin))
    ).json<AdminSupportTicketDetail>();
    expect(detail.user).toMatchObject({
      email: bob.user.email,
      email_verified: true,
      role: 'user',
      plan: { id: 'free', name: 'Free' },
    });
    expect(detail.user.recent_errors.map((e) => e.error_id)).toEqual(['err_bob_1']);

    const closed = await call('PATCH', `/admin/support/tickets/${ticket.id}`, h(admin), {
      status: 'closed',
    });
    expect(closed.json<AdminSupportTicketDetail>().status).toBe('closed');
    expect((await call('GET', `/admin/support/tickets/${randomUUID()}`, h(admin))).statusCode).toBe(
      404,
    );
  });
});

describe('support limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('caps new tickets per client and the message size', async () => {
    const user = await registerAndSignIn(t.app);
    const create = (message: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/support/tickets',
        headers: bearer(user.accessToken),
        payload: { subject: 'Limit', category: 'other', message },
      });
    const tooLong = await create('x'.repeat(20_001));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json<{ detail: string }>().detail).toContain('message');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await create(`ticket ${i}`)).statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.at(-1)).toBe(429);
  });
});
