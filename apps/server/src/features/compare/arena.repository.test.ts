import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { ArenaRepository } from './arena.repository';

describe('reading every vote page by page', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    await t?.close();
  });

  it('returns each vote once, oldest first, across pages that split equal times and sessions', async () => {
    const db = t.app.db;
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();
    const sessions = ['s-b', 's-a', 's-c'];
    await db
      .insertInto('compare_sessions')
      .values(
        sessions.map((id) => ({
          id,
          user_id: null,
          visitor_id: `visitor-${id}`,
          title: 'T',
          blind: 1,
          revealed_at: null,
          created_at: at(0),
          updated_at: at(0),
        })),
      )
      .execute();
    // Three votes share a minute (ordered by session, then turn), one session has three turns.
    const votes = [
      { session_id: 's-b', turn_index: 0, created_at: at(1) },
      { session_id: 's-a', turn_index: 0, created_at: at(1) },
      { session_id: 's-a', turn_index: 1, created_at: at(1) },
      { session_id: 's-c', turn_index: 0, created_at: at(0) },
      { session_id: 's-a', turn_index: 2, created_at: at(2) },
      { session_id: 's-b', turn_index: 1, created_at: at(3) },
      { session_id: 's-c', turn_index: 1, created_at: at(3) },
    ];
    await db
      .insertInto('compare_votes')
      .values(votes.map((v) => ({ ...v, outcome: 'tie', winner_position: null })))
      .execute();
    const expected = ['s-c:0', 's-a:0', 's-a:1', 's-b:0', 's-a:2', 's-b:1', 's-c:1'];
    const repository = new ArenaRepository(db);
    for (const size of [1, 2, 3, 7, 50]) {
      const pages: string[][] = [];
      for await (const page of repository.votePages(size))
        pages.push(page.map((v) => `${v.session_id}:${Number(v.turn_index)}`));
      expect(pages.flat()).toEqual(expected);
      expect(pages.every((page) => page.length <= size)).toBe(true);
      expect(pages.length).toBe(Math.ceil(expected.length / size));
    }
  });
});
