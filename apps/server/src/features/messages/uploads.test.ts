import type { MessageResponse } from '@parallax/contract';
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
});
