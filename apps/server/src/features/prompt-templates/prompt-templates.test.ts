import type {
  PromptTemplate,
  PromptTemplateCategory,
  PromptTemplateExportFile,
  PromptTemplateListResponse,
  PromptTemplateVersionList,
} from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, registerAndSignIn } from '../../../test/auth';
import { newVisitorId, visitorHeaders } from '../../../test/chat';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;
const FORBIDDEN = 'You do not have permission to perform this action.';

describe('prompt templates', () => {
  let t: TestApp;
  // Accounts are made once: registration is rate limited per address. Each test takes the
  // ones whose lists it needs empty from this pool by letter.
  const users: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'admin', Headers> = {
    a: {},
    b: {},
    c: {},
    d: {},
    e: {},
    f: {},
    g: {},
    admin: {},
  };
  beforeAll(async () => {
    t = await createTestApp();
    for (const key of Object.keys(users) as Array<keyof typeof users>)
      users[key] = bearer((await registerAndSignIn(t.app, { admin: key === 'admin' })).accessToken);
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const create = async (h: Headers, body: Record<string, unknown> = {}) => {
    const created = await call('POST', '/prompt-templates', h, {
      title: 'Greeting',
      body: 'Say hi to {{name}} in a {{tone:choice=warm|dry}} way.',
      ...body,
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<PromptTemplate>();
  };
  const list = async (h: Headers, query = '') => {
    const answer = await call('GET', `/prompt-templates${query}`, h);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<PromptTemplateListResponse>();
  };

  it('ships a seeded public library in ordered categories', async () => {
    const { templates, categories } = await list({}, '?tab=public');
    expect(templates.length).toBeGreaterThanOrEqual(20);
    expect(categories.map((c) => c.name)).toEqual([
      'Writing',
      'Coding',
      'Analysis',
      'Learning',
      'Work',
    ]);
    for (const tpl of templates) {
      expect(tpl).toMatchObject({ library: true, visibility: 'public', can_edit: false });
      expect(tpl.problems, tpl.title).toEqual([]);
      expect(tpl.variables.length, tpl.title).toBeGreaterThan(0);
    }
    const coding = await list({}, `?tab=public&category_id=cat_coding`);
    expect(coding.templates.every((x) => x.category === 'Coding')).toBe(true);
    const searched = await list({}, '?tab=public&q=SQL');
    expect(searched.templates.map((x) => x.title)).toContain('Write a SQL query');
    const tagged = await list({}, '?tab=public&tag=email');
    expect(tagged.templates.map((x) => x.title)).toEqual(['Reply to an email']);
  });

  it('creates with detected variables, saves every change as a version, restores one', async () => {
    const h = users.a;
    const tpl = await create(h, {
      tags: ['Social', 'social', 'hello'],
      category_id: 'cat_writing',
    });
    expect(tpl).toMatchObject({
      visibility: 'private',
      library: false,
      can_edit: true,
      version: 1,
      tags: ['social', 'hello'],
      category: 'Writing',
      variables: [
        { name: 'name', type: 'text', options: [], default: null },
        { name: 'tone', type: 'choice', options: ['warm', 'dry'], default: 'warm' },
      ],
    });
    const v2 = (
      await call('PATCH', `/prompt-templates/${tpl.id}`, h, { body: 'Hello {{who:long}}' })
    ).json<PromptTemplate>();
    expect(v2).toMatchObject({ version: 2, variables: [{ name: 'who', type: 'long' }] });
    const unchanged = await call('PATCH', `/prompt-templates/${tpl.id}`, h, { title: 'Greeting' });
    expect(unchanged.json<PromptTemplate>().version).toBe(2);

    const versions = (
      await call('GET', `/prompt-templates/${tpl.id}/versions`, h)
    ).json<PromptTemplateVersionList>().versions;
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[1]?.body).toBe(tpl.body);
    const restored = (
      await call('POST', `/prompt-templates/${tpl.id}/versions/1/restore`, h)
    ).json<PromptTemplate>();
    expect(restored).toMatchObject({ version: 3, body: tpl.body });
    expect((await call('GET', `/prompt-templates/${tpl.id}/versions/9`, h)).statusCode).toBe(404);

    const mine = await list(h, '?tab=mine');
    expect(mine.templates.map((x) => x.id)).toEqual([tpl.id]);
  });

  it('saves a body with malformed variables and reports them', async () => {
    const h = users.b;
    const tpl = await create(h, { body: 'Fix {{bad name}} and {{ok}} then {{open' });
    expect(tpl.variables.map((v) => v.name)).toEqual(['ok']);
    expect(tpl.problems.map((p) => p.start)).toEqual([4, 33]);
  });

  it('refuses bad input naming the field, and saves nothing', async () => {
    const h = users.c;
    const many = Array.from({ length: 100 }, (_, i) => `{{v${i}}}`).join(' ');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: 'x'.repeat(201), body: 'b' }, 'title'],
      [{ title: 'ok', body: 'x'.repeat(20_001) }, 'body'],
      [{ title: '', body: 'b' }, 'title'],
      [{ title: 'ok', body: many }, 'body'],
      [{ title: 'ok', body: '{{x:long}} {{x:choice=a|b}}' }, 'body: variable "x"'],
      [{ title: 'ok', body: 'b', category_id: 'nope' }, 'category_id'],
      [{ title: 'ok', body: 'b', tags: Array(11).fill('t') }, 'tags'],
    ];
    for (const [body, field] of cases) {
      const refused = await call('POST', '/prompt-templates', h, body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(refused.json<{ detail: string }>().detail).toContain(field);
    }
    expect((await list(h, '?tab=mine')).templates).toEqual([]);
    const limits = await call('POST', '/prompt-templates', h, {
      title: 'x'.repeat(200),
      body: Array.from({ length: 99 }, (_, i) => `{{v${i}}}`).join(' ') + 'x'.repeat(19_000),
    });
    expect(limits.statusCode, limits.body).toBe(201);
    const tpl = limits.json<PromptTemplate>();
    const conflict = await call('PATCH', `/prompt-templates/${tpl.id}`, h, {
      body: '{{a:long}} {{a}} {{a:choice=x|y}}',
      title: 'Changed',
    });
    expect(conflict.statusCode).toBe(422);
    expect(
      (await call('GET', `/prompt-templates/${tpl.id}`, h)).json<PromptTemplate>(),
    ).toMatchObject({ version: 1, title: 'x'.repeat(200) });
  });

  it('keeps HTML and script as plain text', async () => {
    const h = users.b;
    const html = '<script>alert(1)</script><img src=x onerror=alert(2)> {{name}}';
    const tpl = await create(h, { title: '<b>bold</b>', body: html, description: '<i>x</i>' });
    expect(tpl).toMatchObject({ title: '<b>bold</b>', body: html, description: '<i>x</i>' });
  });

  it("answers 404 for another user's template on every route", async () => {
    const owner = users.a;
    const tpl = await create(owner);
    const stranger = users.b;
    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/prompt-templates/${tpl.id}`],
      ['PATCH', `/prompt-templates/${tpl.id}`, { title: 'Mine now' }],
      ['DELETE', `/prompt-templates/${tpl.id}`],
      ['GET', `/prompt-templates/${tpl.id}/versions`],
      ['GET', `/prompt-templates/${tpl.id}/versions/1`],
      ['POST', `/prompt-templates/${tpl.id}/versions/1/restore`],
      ['POST', `/prompt-templates/${tpl.id}/copy`],
      ['POST', `/prompt-templates/${tpl.id}/duplicate`],
      ['PUT', `/prompt-templates/${tpl.id}/favourite`, { favourite: true }],
      ['POST', `/prompt-templates/${tpl.id}/use`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await call(method, url, stranger, body);
      expect({ method, url, status: answer.statusCode }).toEqual({ method, url, status: 404 });
    }
    const visitor = visitorHeaders(newVisitorId());
    expect((await call('GET', `/prompt-templates/${tpl.id}`, visitor)).statusCode).toBe(404);
    expect((await call('GET', `/prompt-templates/${tpl.id}`, owner)).statusCode).toBe(200);
  });

  it('lets visitors read and use public templates; saving needs an account (401)', async () => {
    const visitor = visitorHeaders(newVisitorId());
    const [first] = (await list(visitor, '?tab=public')).templates;
    expect(first).toBeDefined();
    const id = first!.id;
    expect((await call('GET', `/prompt-templates/${id}`, visitor)).statusCode).toBe(200);
    const used = await call('POST', `/prompt-templates/${id}/use`, visitor);
    expect(used.json<{ use_count: number }>().use_count).toBe(first!.use_count + 1);
    expect((await call('POST', `/prompt-templates/${id}/use`, {})).statusCode).toBe(401);
    const refusals: Array<[Method, string, unknown?]> = [
      ['GET', '/prompt-templates?tab=mine'],
      ['GET', '/prompt-templates?tab=favourites'],
      ['POST', '/prompt-templates', { title: 'x', body: 'y' }],
      ['POST', `/prompt-templates/${id}/copy`],
      ['PUT', `/prompt-templates/${id}/favourite`, { favourite: true }],
      ['GET', '/prompt-templates/export'],
      ['PATCH', `/prompt-templates/${id}`, { title: 'x' }],
    ];
    for (const [method, url, body] of refusals) {
      const answer = await call(method, url, visitor, body);
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('refuses changes to a public template by a non-admin with the permission text', async () => {
    const h = users.a;
    const id = 'tpl_seed_summarise';
    for (const [method, url, body] of [
      ['PATCH', `/prompt-templates/${id}`, { title: 'Hijacked' }],
      ['DELETE', `/prompt-templates/${id}`],
      ['POST', `/prompt-templates/${id}/versions/1/restore`],
    ] as Array<[Method, string, unknown?]>) {
      const answer = await call(method, url, h, body);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json<{ detail: string }>().detail).toBe(FORBIDDEN);
    }
    for (const url of ['/admin/prompt-templates', '/admin/prompt-template-categories']) {
      const answer = await call('GET', url, h);
      expect(answer.statusCode).toBe(403);
      expect(answer.json<{ detail: string }>().detail).toBe(FORBIDDEN);
    }
    expect((await call('GET', `/prompt-templates/${id}`, h)).json<PromptTemplate>().title).toBe(
      'Summarise for a busy reader',
    );
  });

  it('copies a public template and duplicates an own one; favourites and counts uses', async () => {
    const h = users.d;
    const copy = (
      await call('POST', '/prompt-templates/tpl_seed_quiz/copy', h)
    ).json<PromptTemplate>();
    expect(copy).toMatchObject({
      title: 'Quiz me',
      visibility: 'private',
      library: false,
      can_edit: true,
      copied_from: 'tpl_seed_quiz',
      version: 1,
    });
    const dup = (
      await call('POST', `/prompt-templates/${copy.id}/duplicate`, h)
    ).json<PromptTemplate>();
    expect(dup.title).toBe('Quiz me (copy)');
    const edited = await call('PATCH', `/prompt-templates/${copy.id}`, h, { title: 'My quiz' });
    expect(edited.statusCode).toBe(200);

    const fav = await call('PUT', '/prompt-templates/tpl_seed_quiz/favourite', h, {
      favourite: true,
    });
    expect(fav.json<PromptTemplate>().favourite).toBe(true);
    await call('PUT', `/prompt-templates/${dup.id}/favourite`, h, { favourite: true });
    const favs = await list(h, '?tab=favourites');
    expect(favs.templates.map((x) => x.id).sort()).toEqual([dup.id, 'tpl_seed_quiz'].sort());
    const other = users.b;
    expect((await list(other, '?tab=favourites')).templates).toEqual([]);
    const publicQuiz = (
      await call('GET', '/prompt-templates/tpl_seed_quiz', other)
    ).json<PromptTemplate>();
    expect(publicQuiz.favourite).toBe(false);

    for (let i = 0; i < 3; i += 1) await call('POST', `/prompt-templates/${dup.id}/use`, h);
    const byUse = await list(h, '?tab=mine&sort=uses');
    expect(byUse.templates[0]).toMatchObject({ id: dup.id, use_count: 3 });

    expect((await call('DELETE', `/prompt-templates/${dup.id}`, h)).statusCode).toBe(200);
    expect((await call('GET', `/prompt-templates/${dup.id}`, h)).statusCode).toBe(404);
  });

  it('exports and imports JSON, all or nothing', async () => {
    const h = users.e;
    await create(h, { title: 'One', category_id: 'cat_work', tags: ['a'] });
    await create(h, { title: 'Two', body: 'Plain {{x:long}}' });
    const exported = await call('GET', '/prompt-templates/export', h);
    expect(exported.headers['content-disposition']).toContain('attachment');
    const file = exported.json<PromptTemplateExportFile>();
    expect(file.format).toBe('parallax.prompt-templates');
    expect(file.templates.map((x) => [x.title, x.category])).toEqual([
      ['One', 'Work'],
      ['Two', null],
    ]);

    const other = users.f;
    const imported = await call('POST', '/prompt-templates/import', other, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await list(other, '?tab=mine')).templates.map((x) => x.title).sort()).toEqual([
      'One',
      'Two',
    ]);
    expect((await list(other, '?tab=mine&category_id=cat_work')).templates).toHaveLength(1);

    const third = users.g;
    const bad = await call('POST', '/prompt-templates/import', third, {
      ...file,
      templates: [...file.templates, { title: 'Bad', body: '{{a:long}} {{a:choice=x|y}}' }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json<{ detail: string }>().detail).toContain('templates.2.body');
    expect((await list(third, '?tab=mine')).templates).toEqual([]);
    const wrongFormat = await call('POST', '/prompt-templates/import', third, { templates: [] });
    expect(wrongFormat.statusCode).toBe(422);
  });

  it('lets admins curate the library: drafts, publish, feature, edit, categories', async () => {
    const admin = users.admin;
    const user = users.a;
    const draft = await call('POST', '/admin/prompt-templates', admin, {
      title: 'Press release',
      body: 'Announce {{news:long}} for {{company}}.',
      category_id: 'cat_work',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const tpl = draft.json<PromptTemplate>();
    expect(tpl).toMatchObject({ library: true, visibility: 'private', can_edit: true });
    expect((await call('GET', `/prompt-templates/${tpl.id}`, user)).statusCode).toBe(404);
    const library = (
      await call('GET', '/admin/prompt-templates', admin)
    ).json<PromptTemplateListResponse>();
    expect(library.templates.map((x) => x.id)).toContain(tpl.id);

    const published = await call('PATCH', `/admin/prompt-templates/${tpl.id}`, admin, {
      visibility: 'public',
      featured: true,
    });
    expect(published.json<PromptTemplate>()).toMatchObject({
      visibility: 'public',
      featured: true,
    });
    const seen = (await list(user, '?tab=public&q=press release')).templates;
    expect(seen.map((x) => x.id)).toEqual([tpl.id]);
    const copied = await call('POST', `/prompt-templates/${tpl.id}/copy`, user);
    expect(copied.json<PromptTemplate>()).toMatchObject({ title: 'Press release', library: false });

    const edited = await call('PATCH', `/prompt-templates/tpl_seed_swot`, admin, { title: 'SWOT' });
    expect(edited.json<PromptTemplate>()).toMatchObject({ title: 'SWOT', version: 2 });
    const userCopy = copied.json<PromptTemplate>();
    expect(
      (
        await call('PATCH', `/admin/prompt-templates/${userCopy.id}`, admin, {
          visibility: 'public',
        })
      ).statusCode,
    ).toBe(404);

    await call('PATCH', `/admin/prompt-templates/${tpl.id}`, admin, { visibility: 'private' });
    expect((await call('GET', `/prompt-templates/${tpl.id}`, user)).statusCode).toBe(404);

    const added = await call('POST', '/admin/prompt-template-categories', admin, { name: 'Fun' });
    const fun = added.json<PromptTemplateCategory>();
    expect(fun.position).toBe(5);
    expect(
      (await call('POST', '/admin/prompt-template-categories', admin, { name: 'fun' })).statusCode,
    ).toBe(422);
    const order = ['cat_work', fun.id, 'cat_writing', 'cat_coding', 'cat_analysis', 'cat_learning'];
    const reordered = await call('PUT', '/admin/prompt-template-categories/order', admin, {
      ids: order,
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await list(user, '?tab=public')).categories.map((c) => c.id)).toEqual(order);
    expect(
      (await call('PUT', '/admin/prompt-template-categories/order', admin, { ids: order.slice(1) }))
        .statusCode,
    ).toBe(422);
    const renamed = await call('PATCH', `/admin/prompt-template-categories/${fun.id}`, admin, {
      name: 'Play',
    });
    expect(renamed.json<PromptTemplateCategory>().name).toBe('Play');
    await call('PATCH', `/prompt-templates/${tpl.id}`, admin, { category_id: fun.id });
    expect(
      (await call('DELETE', `/admin/prompt-template-categories/${fun.id}`, admin)).statusCode,
    ).toBe(200);
    expect(
      (await call('GET', `/prompt-templates/${tpl.id}`, admin)).json<PromptTemplate>().category_id,
    ).toBeNull();
  });
});
