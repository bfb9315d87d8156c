import type { HistoryResponse, MessageResponse } from '@parallax/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChatTestApp, sendBody, type ChatTestApp } from '../../../test/chat';
import { makePdf } from '../../../test/pdf';
import { CHARS_PER_TOKEN, KNOWLEDGE_MAX_TOKENS } from '../../providers/context';
import { RETRIEVED_CHUNKS } from './knowledge.service';
import { knowledgeClient } from './knowledge.test-support';

type UpstreamBody = { messages: Array<{ role: string; content: unknown }> };

describe('knowledge in a project chat', () => {
  let t: ChatTestApp;
  let k: ReturnType<typeof knowledgeClient>;
  beforeAll(async () => {
    t = await createChatTestApp();
    k = knowledgeClient(t);
  });
  afterAll(() => t.close());

  const send = async (h: Record<string, string>, message: string, extra = {}) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/chat/messages',
      headers: h,
      payload: sendBody(message, extra),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json<MessageResponse>();
  };
  const systemText = () => {
    const body = t.sim.requests.at(-1)?.body as UpstreamBody;
    const system = body.messages.filter((m) => m.role === 'system' || m.role === 'developer');
    return system
      .map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content)))
      .join('\n');
  };

  it('gives the turn the best chunk with its file name, after the instructions, and keeps its sources', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h, { instructions: 'Be brief. Marker 9c1e.' });
    const filler = (topic: string) =>
      Array.from(
        { length: 12 },
        (_, i) => `Paragraph ${i} about ${topic} and its usual routine.`,
      ).join('\n\n');
    const [, pdf] = await k.uploadIndexed(h, p.id, [
      { name: 'garden.md', data: filler('the garden') },
      {
        name: 'security.pdf',
        data: makePdf([
          ['Visitors sign in at the front desk.'],
          ['The vault combination is 31-17-42.'],
        ]),
      },
      { name: 'kitchen.txt', data: filler('the kitchen') },
    ]);
    const first = await send(h, 'What is the vault combination?', { project_id: p.id });
    const system = systemText();
    expect(system).toContain('Marker 9c1e.');
    expect(system.indexOf('Marker 9c1e.')).toBeLessThan(system.indexOf('<project_files>'));
    expect(system).toContain('file="security.pdf"');
    expect(system).toContain('The vault combination is 31-17-42.');
    expect(system).not.toContain('garden');
    expect(first.sources).toEqual([{ file_id: pdf?.id, filename: 'security.pdf' }]);

    // A later turn of the stored chat draws on the project's files too.
    const second = await send(h, 'Which routine does the kitchen follow?', {
      conversation_id: first.conversation_id,
    });
    expect(systemText()).toContain('file="kitchen.txt"');
    // Best first: the garden notes share only the common word "routine".
    expect(second.sources[0]?.filename).toBe('kitchen.txt');

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/chat/messages?conversation_id=${first.conversation_id}`,
      headers: h,
    });
    const turns = history.json<HistoryResponse>().messages;
    expect(Object.fromEntries(turns.map((m) => [m.id, m.sources.map((s) => s.filename)]))).toEqual({
      [first.id]: ['security.pdf'],
      [second.id]: second.sources.map((s) => s.filename),
    });
  });

  it('keeps the excerpts within the knowledge budget, and sends none outside a project or after delete', async () => {
    const h = await k.signedIn();
    const p = await k.createProject(h);
    // ~60 chunks that all match: only the best fit, and never more than the budget allows.
    const long = Array.from(
      { length: 400 },
      (_, i) =>
        `Line ${i}: the reactor coolant temperature is logged every hour by the night shift.`,
    ).join('\n');
    const [file] = await k.uploadIndexed(h, p.id, [{ name: 'reactor-log.txt', data: long }]);
    expect(file?.chunk_count).toBeGreaterThan(RETRIEVED_CHUNKS);
    const sent = await send(h, 'reactor coolant temperature', { project_id: p.id });
    const system = systemText();
    const excerpts = system.match(/<excerpt /g) ?? [];
    expect(excerpts.length).toBeGreaterThan(0);
    expect(excerpts.length).toBeLessThanOrEqual(RETRIEVED_CHUNKS);
    expect(system.length).toBeLessThanOrEqual(KNOWLEDGE_MAX_TOKENS * CHARS_PER_TOKEN);
    expect(sent.sources.map((s) => s.filename)).toEqual(['reactor-log.txt']);

    await send(h, 'reactor coolant temperature');
    expect(systemText()).toBe('');

    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/projects/${p.id}/files/${file?.id ?? ''}`,
      headers: h,
    });
    const after = await send(h, 'reactor coolant temperature', {
      conversation_id: sent.conversation_id,
    });
    expect(systemText()).not.toContain('reactor-log.txt');
    expect(after.sources).toEqual([]);
  });
});
