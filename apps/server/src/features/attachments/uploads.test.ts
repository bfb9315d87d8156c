import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  EMPTY_CHAT_SETTINGS,
  type ChatSettingsResponse,
  type MessageResponse,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChatTestApp,
  newVisitorId,
  sendBody,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';

// A 1×1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('uploads', () => {
  let t: ChatTestApp;
  beforeAll(async () => {
    t = await createChatTestApp();
  });
  afterAll(() => t.close());

  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  const filesOnDisk = () =>
    fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : [];
  const rowsOf = (visitorId: string) =>
    t.app.db.selectFrom('attachments').selectAll().where('visitor_id', '=', visitorId).execute();
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60_000);

  function upload(
    visitorId: string,
    files: { name: string; data: Buffer; type?: string }[],
    fields: Record<string, unknown> = sendBody('What is in these files? [sim tokens=3]'),
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
    for (const file of files)
      form.append(
        'files[]',
        new Blob([file.data], { type: file.type ?? 'application/octet-stream' }),
        file.name,
      );
    return fetch(`${t.baseUrl}/api/v1/chat/messages/upload`, {
      method: 'POST',
      headers: visitorHeaders(visitorId),
      body: form,
    });
  }

  it('stores sniffed files, sends them upstream, and serves them back to the owner only', async () => {
    const visitor = newVisitorId();
    t.sim.clearRequests();
    const res = await upload(visitor, [
      { name: 'pixel.png', data: PNG, type: 'image/png' },
      { name: 'notes.md', data: Buffer.from('# Notes\nhello'), type: 'application/x-evil' },
      { name: 'page.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
    ]);
    expect(res.status).toBe(200);
    const message = (await res.json()) as MessageResponse;
    expect(message.status).toBe('completed');
    expect(message.attachments.map((a) => [a.filename, a.content_type, a.size])).toEqual([
      ['pixel.png', 'image/png', PNG.length],
      ['notes.md', 'text/markdown', 13],
      ['page.html', 'text/plain', 25],
    ]);
    const upstream = JSON.stringify(t.sim.requests.at(-1)?.body);
    expect(upstream).toContain('image_url');
    expect(upstream).toContain('# Notes');

    const [png, , html] = message.attachments;
    const own = await fetch(`${t.baseUrl}${png?.url}`, { headers: visitorHeaders(visitor) });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="pixel.png"/);
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await own.arrayBuffer())).toEqual(PNG);
    const markup = await fetch(`${t.baseUrl}${html?.url}`, { headers: visitorHeaders(visitor) });
    expect(markup.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(
      (await fetch(`${t.baseUrl}${png?.url}`, { headers: visitorHeaders(newVisitorId()) })).status,
    ).toBe(404);
    expect((await fetch(`${t.baseUrl}${png?.url}`)).status).toBe(401);
  });

  it('refuses binaries that are neither images nor text, and files over 10 MB', async () => {
    const visitor = newVisitorId();
    const pdfLike = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3, 255, 254])]);
    const refused = await upload(visitor, [{ name: 'doc.png', data: pdfLike, type: 'image/png' }]);
    expect(refused.status).toBe(415);
    const big = await upload(visitor, [
      { name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 97) },
    ]);
    expect(big.status).toBe(413);
  });

  it('validates the send fields like a JSON send', async () => {
    const visitor = newVisitorId();
    const res = await upload(visitor, [{ name: 'a.txt', data: Buffer.from('text') }], {
      message: 'hi',
      provider: 'openai',
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { detail: string }).detail).toContain('message_id');
  });

  it("reads a new chat's settings sent as JSON text, as the web sends them with files", async () => {
    const visitor = newVisitorId();
    const settings = { ...EMPTY_CHAT_SETTINGS, temperature: 0.3, web_search: true };
    const res = await upload(visitor, [{ name: 'a.txt', data: Buffer.from('text') }], {
      ...sendBody('Read this [sim tokens=3]'),
      chat_settings: JSON.stringify(settings),
      web_search: 'true',
    });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as MessageResponse;
    const stored = await fetch(
      `${t.baseUrl}/api/v1/chat/conversations/${sent.conversation_id}/settings`,
      { headers: visitorHeaders(visitor) },
    );
    expect(((await stored.json()) as ChatSettingsResponse).settings).toEqual(settings);
  });

  it('keeps no file of a send that is refused, fails or repeats an earlier one', async () => {
    const visitor = newVisitorId();
    const file = { name: 'big.txt', data: Buffer.alloc(100 * 1024, 97) };
    const before = filesOnDisk();
    const owner = visitorHeaders(newVisitorId());
    const othersSession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/compare/sessions',
      headers: owner,
      payload: { models: ['gpt-5', 'gpt-5-mini'] },
    });
    const refusals: [Record<string, unknown>, number][] = [
      [{ model: 'no-such-model' }, 422],
      [{ conversation_id: randomUUID() }, 404],
      [{ comparison_id: othersSession.json<{ id: string }>().id }, 404],
    ];
    for (const [fields, status] of refusals) {
      const res = await upload(visitor, [file], sendBody('refused [sim tokens=2]', fields));
      expect(res.status).toBe(status);
    }
    // One good file and one refused one: neither is kept.
    const mixed = await upload(visitor, [
      file,
      { name: 'x.png', data: Buffer.from([0, 1, 2, 255]), type: 'image/png' },
    ]);
    expect(mixed.status).toBe(415);
    expect(filesOnDisk()).toEqual(before);
    expect(await rowsOf(visitor)).toEqual([]);

    const fields = sendBody('twice [sim tokens=2]');
    expect((await upload(visitor, [file], fields)).status).toBe(200);
    expect((await upload(visitor, [file], fields)).status).toBe(200);
    expect(filesOnDisk()).toHaveLength(before.length + 1);
    expect(await rowsOf(visitor)).toHaveLength(1);
  });

  it('sweeps upload files and rows no message took once they are an hour old', async () => {
    const visitor = newVisitorId();
    const sent = (await (
      await upload(visitor, [{ name: 'kept.txt', data: Buffer.from('kept') }])
    ).json()) as MessageResponse;
    expect(sent.attachments).toHaveLength(1);
    const [linked] = await rowsOf(visitor);
    const [unlinked] = await t.app.attachments.saveAll({ kind: 'visitor', id: visitor }, [
      { filename: 'lost.txt', data: Buffer.from('lost') },
    ]);
    await t.app.db
      .updateTable('attachments')
      .set({ created_at: hoursAgo(2).toISOString() })
      .where('id', '=', unlinked?.id ?? '')
      .execute();
    const orphan = (age: Date | null) => {
      const name = randomBytes(24).toString('hex');
      fs.writeFileSync(path.join(uploadsDir(), name), 'orphan');
      if (age) fs.utimesSync(path.join(uploadsDir(), name), age, age);
      return name;
    };
    const oldOrphan = orphan(hoursAgo(2));
    const newOrphan = orphan(null);
    const linkedPath = path.join(uploadsDir(), linked?.storage_name ?? '');
    fs.utimesSync(linkedPath, hoursAgo(3), hoursAgo(3));

    expect(await t.app.uploadSweeper.sweep()).toBeGreaterThanOrEqual(2);
    const left = filesOnDisk();
    expect(left).not.toContain(oldOrphan);
    expect(left).not.toContain(unlinked?.storage_name);
    expect(left).toContain(newOrphan);
    expect(left).toContain(linked?.storage_name);
    expect((await rowsOf(visitor)).map((r) => r.id)).toEqual([linked?.id]);
    const served = await fetch(`${t.baseUrl}${sent.attachments[0]?.url}`, {
      headers: visitorHeaders(visitor),
    });
    expect(await served.text()).toBe('kept');
  });
});
