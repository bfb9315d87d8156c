import type SqliteDatabase from 'better-sqlite3';
import type { Kysely, QueryResult } from 'kysely';
import type { ReusedQuery } from './reused-query';
import type { Database } from './schema';
import { sqliteHandleOf } from './sqlite-handle';

type Value = string | number;

interface Waiting<Values, Row> {
  values: Values;
  resolve: (result: QueryResult<Row>) => void;
  reject: (error: unknown) => void;
}

type Outcome<Row> = { result: QueryResult<Row> } | { error: unknown };

/**
 * One statement asked for by many requests at once (a key lookup, a daily-allowance spend per
 * public API call), grouped on SQLite: the runs asked for in one turn of the event loop share
 * one transaction (IMMEDIATE for a write, so the write lock is taken up front), so its locks,
 * WAL bookkeeping and commit are paid once instead of once per run (they are most of a small
 * statement's cost). Each run is still its own statement with its own result, in the order
 * asked; a write runs under the write lock that also serialises other processes, a read sees
 * everything committed before its turn's transaction began. One that fails fails alone.
 * PostgreSQL, a transaction handed in, a lone run, or a connection already inside a
 * transaction: the query runs as ReusedQuery runs it.
 */
export class SqliteTurnGroup<Values extends Record<string, Value>, Row> {
  readonly #query: ReusedQuery<Values, Row>;
  #waiting: Waiting<Values, Row>[] = [];
  #group:
    | {
        sqlite: SqliteDatabase.Database;
        runAll: SqliteDatabase.Transaction<(batch: readonly Values[]) => Outcome<Row>[]>;
      }
    | undefined;

  readonly #mode: 'immediate' | 'deferred';

  /** `write`: the statement writes (its transaction takes the write lock at once). */
  constructor(query: ReusedQuery<Values, Row>, options: { write: boolean }) {
    this.#query = query;
    this.#mode = options.write ? 'immediate' : 'deferred';
  }

  execute(db: Kysely<Database>, values: Values): Promise<QueryResult<Row>> {
    const sqlite = sqliteHandleOf(db);
    if (sqlite === undefined) return this.#query.execute(db, values);
    return new Promise((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request parsed in it
      // has reached this statement by then.
      if (this.#waiting.push({ values, resolve, reject }) === 1)
        setImmediate(() => this.#flush(db, sqlite));
    });
  }

  #flush(db: Kysely<Database>, sqlite: SqliteDatabase.Database): void {
    const batch = this.#waiting;
    this.#waiting = [];
    if (batch.length === 1 || !sqlite.open || sqlite.inTransaction) {
      for (const { values, resolve, reject } of batch)
        this.#query.execute(db, values).then(resolve, reject);
      return;
    }
    let outcomes: Outcome<Row>[];
    try {
      outcomes = this.#runAllOn(sqlite)[this.#mode](batch.map((w) => w.values));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i]!;
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    });
  }

  #runAllOn(sqlite: SqliteDatabase.Database) {
    if (this.#group?.sqlite !== sqlite)
      this.#group = {
        sqlite,
        runAll: sqlite.transaction((batch: readonly Values[]) =>
          batch.map((values): Outcome<Row> => {
            try {
              return { result: this.#query.runOn(sqlite, values) };
            } catch (error) {
              return { error };
            }
          }),
        ),
      };
    return this.#group.runAll;
  }
}
