import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SupportAttachment } from '@parallax/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createTestAppPair,
  type TestApp,
  type TestAppPair,
} from '../../../test/app';
import { bearer, registerAndSignIn, type SignedInUser } from '../../../test/auth';
import { isPostgresRun } from '../../../test/database';
import { multipart } from '../../../test/multipart';
import { STALE_UPLOAD_MS } from './support-files';
import { SUPPORT_UPLOAD_SWEEP_LOCK_ID } from './support-upload-sweep';

describe('support upload sweep', () => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await registerAndSignIn(t.app);
    bob = await registerAndSignIn(t.app);
  });
  afterAll(() => t.close());

  const upload = async (u: SignedInUser, text: string) => {
    const form = multipart('notes.txt', Buffer.from(text));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/attachments',
      headers: { ...bearer(u.accessToken), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<SupportAttachment>();
  };
  const stored = (id: string) =>
    t.app.db
      .selectFrom('support_attachments')
      .select(['storage_name', 'message_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  const fileOf = (storageName: string) =>
    path.join(t.config.dataDir, 'support-uploads', storageName);
  const ageBy = (id: string, ms: number) =>
    t.app.db
      .updateTable('support_attachments')
      .set({ created_at: new Date(Date.now() - ms).toISOString() })
      .where('id', '=', id)
      .execute();

  it('deletes every user’s old uploads no message took, files included, and keeps the rest', async () => {
    const abandoned = await upload(alice, 'never sent');
    const sent = await upload(alice, 'sent with a ticket');
    const recent = await upload(bob, 'still writing the ticket');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/v1/support/tickets',
      headers: bearer(alice.accessToken),
      payload: {
        subject: 'Export fails',
        category: 'bug',
        message: 'See the notes.',
        attachment_ids: [sent.id],
      },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    // Alice uploads nothing after this: only the sweep can remove her abandoned file.
    await ageBy(abandoned.id, STALE_UPLOAD_MS + 60_000);
    await ageBy(sent.id, STALE_UPLOAD_MS + 60_000);
    await ageBy(recent.id, STALE_UPLOAD_MS - 60_000);
    const abandonedFile = fileOf((await stored(abandoned.id))?.storage_name ?? '');
    expect(existsSync(abandonedFile)).toBe(true);

    expect(await t.app.supportUploadSweep.sweep()).toBe(1);

    expect(await stored(abandoned.id)).toBeUndefined();
    expect(existsSync(abandonedFile)).toBe(false);
    for (const kept of [sent, recent]) {
      const row = await stored(kept.id);
      expect(row).toBeDefined();
      expect(existsSync(fileOf(row?.storage_name ?? ''))).toBe(true);
    }
    // The ticket's file still downloads.
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/support/attachments/${sent.id}`,
      headers: bearer(alice.accessToken),
    });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('sent with a ticket');
    expect(await t.app.supportUploadSweep.sweep()).toBe(0);
  });
});

describe.runIf(isPostgresRun())('support upload sweep across processes (PostgreSQL)', () => {
  let pair: TestAppPair;
  beforeAll(async () => {
    pair = await createTestAppPair();
  });
  afterAll(() => pair.close());

  it('skips a round while another process holds the sweep', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = pair.a.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${SUPPORT_UPLOAD_SWEEP_LOCK_ID})`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    expect(await pair.b.supportUploadSweep.sweep()).toBeNull();
    release();
    await holder;
    expect(await pair.b.supportUploadSweep.sweep()).toBe(0);
  });
});
