import type { SearchHit } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { chatHitPath, hitPath } from './hit-path';

const hit = (over: Partial<SearchHit>): SearchHit => ({
  kind: 'answer',
  conversation_id: 'c1',
  conversation_title: 'Trip',
  conversation_kind: 'regular',
  message_id: 'm1',
  project_id: null,
  source_id: null,
  source_name: null,
  provider: 'openai',
  model: 'gpt-5',
  snippet: 'text',
  highlights: [],
  rank: 1,
  created_at: '2026-11-20T10:00:00.000Z',
  ...over,
});

describe('where a hit opens', () => {
  it('a chat hit opens the chat at the question or the answer of its turn', () => {
    expect(chatHitPath(hit({}))).toBe('/chats/c1?message=m1&in=answer');
    expect(chatHitPath(hit({ kind: 'message' }))).toBe('/chats/c1?message=m1&in=question');
    expect(chatHitPath(hit({ kind: 'title', message_id: null }))).toBe('/chats/c1');
  });

  it('a comparison panel opens its comparison; a knowledge chunk its project', async () => {
    const lookup = (id: string) => Promise.resolve(id === 'c1' ? 's9' : null);
    expect(await hitPath(hit({ conversation_kind: 'comparison' }), lookup)).toBe('/compare/s9');
    expect(
      await hitPath(
        hit({ kind: 'knowledge', conversation_id: null, message_id: null, project_id: 'p1' }),
        lookup,
      ),
    ).toBe('/project/p1');
    expect(await hitPath(hit({}), lookup)).toBe('/chats/c1?message=m1&in=answer');
  });
});
