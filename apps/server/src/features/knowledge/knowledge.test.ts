import fs from 'node:fs';
import path from 'node:path';
import type { KnowledgeFile } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createChatTestApp,
  newVisitorId,
  visitorHeaders,
  type ChatTestApp,
} from '../../../test/chat';
import { makePdf } from '../../../test/pdf';
import { INTERRUPTED_TOO_OFTEN, MAX_INDEXING_ATTEMPTS } from './knowledge-indexer';
import { knowledgeClient } from './knowledge.test-support';

const MB = 1024 * 1024;

describe('project knowledge files', () => {
  let t: ChatTestApp;
  let k: ReturnType<typeof knowledgeClient>;
  beforeAll(async () => {
    t = await createChatTestApp();
    k = knowledgeClient(t);
  });
  afterAll(() => t.close());

  const storedFiles = () => {
    const dir = path.join(t.config.dataDir, 'knowledge');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  // The file's chunks in the shared full-text index (kind 'knowledge', source_id = file id).
  const chunksOf = (fileId: string) =>
    t.app.db
      .selectFrom('search_documents')
      .select(['body as content', 'project_id', 'source_name'])
      .where('kind', '=', 'knowledge')
      .where('source_id', '=', fileId)
      .execute();

  it('indexes text, Markdown, CSV, code and a real PDF off the request, each ready with its chunks', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const res = await k.upload(h, p.id, [
      { name: 'notes.txt', data: 'Plain notes about the lighthouse keeper.' },
      { name: 'guide.md', data: '# Guide\n\nThe **harbour** opens at dawn.' },
      { name: 'tides.csv', data: 'day,high\nmonday,06:41\n' },
      { name: 'main.py', data: 'def tide():\n    return "06:41"\n' },
      { name: 'manual.pdf', data: makePdf([['The zebra code is 4471.'], ['Page two text.']]) },
    ]);
    expect(res.status).toBe(201);
    const added = ((await res.json()) as { files: KnowledgeFile[] }).files;
    expect(added.map((f) => [f.filename, f.state])).toEqual([
      ['notes.txt', 'indexing'],
      ['guide.md', 'indexing'],
      ['tides.csv', 'indexing'],
      ['main.py', 'indexing'],
      ['manual.pdf', 'indexing'],
    ]);
    expect(added.find((f) => f.filename === 'manual.pdf')?.content_type).toBe('application/pdf');
    await t.app.knowledgeIndexer.idle();
    const files = await k.list(h, p.id);
    expect(files.map((f) => [f.filename, f.state, f.error])).toEqual(
      added.map((f) => [f.filename, 'ready', null]),
    );
    expect(files.every((f) => f.chunk_count >= 1)).toBe(true);
    const pdf = files.find((f) => f.filename === 'manual.pdf');
    const pdfText = (await chunksOf(pdf?.id ?? '')).map((c) => c.content).join('\n');
    expect(pdfText).toContain('The zebra code is 4471.');
    expect(pdfText).toContain('Page two text.');
  });

  it('marks an unreadable PDF failed with the reason', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const [broken, scanned] = await k.uploadIndexed(h, p.id, [
      { name: 'broken.pdf', data: '%PDF-1.7\nnot really a pdf' },
      { name: 'scanned.pdf', data: makePdf([[]]) },
    ]);
    expect(broken).toMatchObject({ state: 'failed', error: 'The PDF could not be read.' });
    expect(scanned).toMatchObject({ state: 'failed', chunk_count: 0 });
    expect(scanned?.error).toContain('no text layer');
  });

  it('refuses over-limit uploads before storing anything, naming the field', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const before = storedFiles().length;

    const tooBig = await k.upload(h, p.id, [
      { name: 'small.txt', data: 'fine' },
      { name: 'huge.txt', data: Buffer.alloc(10 * MB + 1, 'a') },
    ]);
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { detail: string }).detail).toBe(
      'files: huge.txt is larger than 10 MB.',
    );

    const binary = await k.upload(h, p.id, [
      { name: 'ok.md', data: '# fine' },
      { name: 'photo.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0xff]) },
    ]);
    expect(binary.status).toBe(415);
    expect(((await binary.json()) as { detail: string }).detail).toMatch(/^files: photo\.png /);

    const empty = await k.upload(h, p.id, [{ name: 'empty.txt', data: '' }]);
    expect(empty.status).toBe(422);

    const many = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.txt`, data: `file ${i}` }));
    const tooMany = await k.upload(h, p.id, many);
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { detail: string }).detail).toMatch(/^files: .*at most 20/);

    expect(await k.list(h, p.id)).toEqual([]);
    expect(storedFiles().length).toBe(before);

    // The limit counts what the project already holds.
    await k.uploadIndexed(h, p.id, many.slice(0, 19));
    const over = await k.upload(h, p.id, many.slice(19, 21));
    expect(over.status).toBe(422);
    expect(((await over.json()) as { detail: string }).detail).toBe(
      'files: a project holds at most 20 files; this one has 19, so 1 more can be added.',
    );
    expect((await k.uploadIndexed(h, p.id, many.slice(19, 20))).length).toBe(1);
    expect((await k.list(h, p.id)).length).toBe(20);
  });

  it("answers 404 for another owner's project or file and 401 for visitors", async () => {
    const owner = await k.signedIn();
    const stranger = await k.signedIn();
    const p = await k.createProject(owner);
    const [file] = await k.uploadIndexed(owner, p.id, [{ name: 'secret.md', data: 'secret' }]);
    const fileUrl = `/api/v1/projects/${p.id}/files/${file?.id ?? ''}`;

    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/v1/projects/${p.id}/files`,
      headers: stranger,
    });
    expect(listed.statusCode).toBe(404);
    expect((await k.upload(stranger, p.id, [{ name: 'x.txt', data: 'x' }])).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: fileUrl, headers: stranger })).statusCode,
    ).toBe(404);
    const visitor = visitorHeaders(newVisitorId());
    expect((await k.upload(visitor, p.id, [{ name: 'x.txt', data: 'x' }])).status).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/projects/${p.id}/files`,
          headers: visitor,
        })
      ).statusCode,
    ).toBe(401);
    expect((await k.list(owner, p.id)).map((f) => f.filename)).toEqual(['secret.md']);
  });

  it('deletes a file with its chunks and stored bytes', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const [file] = await k.uploadIndexed(h, p.id, [{ name: 'old.md', data: 'Obsolete policy.' }]);
    expect((await chunksOf(file?.id ?? '')).length).toBe(1);
    const before = storedFiles().length;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${p.id}/files/${file?.id ?? ''}`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await chunksOf(file?.id ?? '')).toEqual([]);
    expect(await k.list(h, p.id)).toEqual([]);
    expect(storedFiles().length).toBe(before - 1);
  });

  it('puts chunks in the shared history index, and a deleted project takes them along', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const [file] = await k.uploadIndexed(h, p.id, [
      { name: 'glossary.md', data: 'A quokkaphrase is an invented word for this test.' },
    ]);
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/search?q=quokkaphrase&kind=knowledge',
      headers: h,
    });
    expect(search.statusCode, search.body).toBe(200);
    const hits = search.json<{
      hits: Array<{ source_id: string | null; source_name: string | null }>;
    }>().hits;
    expect(hits.map((hit) => [hit.source_id, hit.source_name])).toEqual([
      [file?.id, 'glossary.md'],
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${p.id}?chats=keep`,
      headers: h,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await chunksOf(file?.id ?? '')).toEqual([]);
  });

  it('takes up a file a crashed process left indexing, and fails one interrupted too often', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    const [stuck, doomed] = await k.uploadIndexed(h, p.id, [
      { name: 'stuck.md', data: 'Recovered text.' },
      { name: 'doomed.md', data: 'Never indexed.' },
    ]);
    // As a process that died mid-run leaves them: still indexing, its lease run out.
    const expired = new Date(Date.now() - 1_000).toISOString();
    await t.app.db
      .updateTable('knowledge_files')
      .set({ state: 'indexing', chunk_count: 0, lease_until: expired, attempts: 1 })
      .where('id', '=', stuck?.id ?? '')
      .execute();
    await t.app.db
      .updateTable('knowledge_files')
      .set({ state: 'indexing', lease_until: expired, attempts: MAX_INDEXING_ATTEMPTS })
      .where('id', '=', doomed?.id ?? '')
      .execute();
    await t.app.knowledgeIndexer.recover();
    await t.app.knowledgeIndexer.idle();
    const files = await k.list(h, p.id);
    expect(files.map((f) => [f.filename, f.state, f.error])).toEqual([
      ['stuck.md', 'ready', null],
      ['doomed.md', 'failed', INTERRUPTED_TOO_OFTEN],
    ]);
  });
});
