import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempDir, createTestDatabase, type TestDatabase } from '../../../../test/database';
import { createDatabase, type DatabaseHandle } from '../../../db/database';
import { migrateToLatest } from '../../../db/migrate';
import { MessagesRepository, type NewMessageRow } from '../messages.repository';
import { PARTIALS_PER_WRITE, PartialAnswers, type WritePartials } from './partial-answers';

const log = pino({ level: 'silent' });

describe('PartialAnswers', () => {
  it('writes only the latest text of each turn, in slices, and nothing for a forgotten turn', async () => {
    const writes: Array<Array<{ id: string; response: string }>> = [];
    const write: WritePartials = async (partials) => {
      writes.push([...partials]);
    };
    const partials = new PartialAnswers(write, log, 60_000);
    partials.set('a', 'He');
    partials.set('a', 'Hello');
    partials.set('b', 'Hi');
    partials.set('c', 'gone');
    partials.forget('c');
    await partials.flush();
    expect(writes).toEqual([
      [
        { id: 'a', response: 'Hello' },
        { id: 'b', response: 'Hi' },
      ],
    ]);
    await partials.flush();
    expect(writes).toHaveLength(1);

    writes.length = 0;
    for (let n = 0; n < PARTIALS_PER_WRITE * 2 + 1; n++) partials.set(`t${n}`, 'x');
    await partials.flush();
    expect(writes.map((w) => w.length)).toEqual([PARTIALS_PER_WRITE, PARTIALS_PER_WRITE, 1]);
  });

  it('keeps one write in flight; text noted meanwhile goes out with the next', async () => {
    let release: () => void = () => undefined;
    const writes: string[][] = [];
    const partials = new PartialAnswers(
      async (rows) => {
        writes.push(rows.map((r) => r.response));
        await new Promise<void>((resolve) => (release = resolve));
      },
      log,
      60_000,
    );
    partials.set('a', 'one');
    const first = partials.flush();
    partials.set('a', 'one two');
    const second = partials.flush();
    expect(second).toBe(first);
    release();
    await first;
    const third = partials.flush();
    release();
    await third;
    expect(writes).toEqual([['one'], ['one two']]);
  });

  it('survives a failed write and carries on', async () => {
    let fail = true;
    const writes: string[] = [];
    const partials = new PartialAnswers(
      async (rows) => {
        if (fail) throw new Error('database gone');
        writes.push(...rows.map((r) => r.response));
      },
      log,
      60_000,
    );
    partials.set('a', 'lost');
    await partials.flush();
    fail = false;
    partials.set('a', 'lost and found');
    await partials.flush();
    expect(writes).toEqual(['lost and found']);
  });
});

describe('MessagesRepository.writePartials', () => {
  const temp = createTempDir();
  let database: TestDatabase;
  let handle: DatabaseHandle;
  let repository: MessagesRepository;

  beforeAll(async () => {
    database = await createTestDatabase(temp.dir);
    handle = createDatabase(database.url);
    await migrateToLatest(handle.db);
    repository = new MessagesRepository(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
    temp.remove();
  });

  const insert = async (changes: Partial<NewMessageRow>) => {
    const now = new Date().toISOString();
    const id = randomUUID();
    await repository.insertIfAbsent(
      {
        id,
        conversation_id: null,
        comparison_id: null,
        content: 'Hi',
        response: null,
        provider: 'openai',
        model: 'gpt-5',
        model_friendly_name: 'GPT-5',
        status: 'pending',
        input_tokens: null,
        output_tokens: null,
        error: null,
        error_code: null,
        request_id: randomUUID(),
        include_history: 0,
        owner_process: 'process-a',
        charged_day: null,
        created_at: now,
        updated_at: now,
        ttft_ms: null,
        stream_ms: null,
        parent_id: null,
        chosen_at: null,
        sources: null,
        generator_instructions_version: null,
        finish_reason: null,
        tool_calls: null,
        citations: null,
        ...changes,
      },
      { kind: 'visitor', id: randomUUID() },
    );
    return id;
  };

  it("updates this process's running turns only, many in one statement", async () => {
    const pending = await insert({});
    const streaming = await insert({ status: 'streaming', response: 'Hel' });
    const ended = await insert({ status: 'completed', response: 'Done.', owner_process: null });
    const elsewhere = await insert({ owner_process: 'process-b' });
    const later = new Date(Date.now() + 1_000).toISOString();
    await repository.writePartials(
      'process-a',
      [pending, streaming, ended, elsewhere].map((id) => ({ id, response: `text of ${id}` })),
      later,
    );
    const rows = await Promise.all(
      [pending, streaming, ended, elsewhere].map((id) => repository.findById(id)),
    );
    expect(rows.map((r) => [r?.status, r?.response])).toEqual([
      ['streaming', `text of ${pending}`],
      ['streaming', `text of ${streaming}`],
      ['completed', 'Done.'],
      ['pending', null],
    ]);
    expect(rows[0]?.updated_at).toBe(later);
  });
});
