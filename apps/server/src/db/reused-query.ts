import type SqliteDatabase from 'better-sqlite3';
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';
import { sqliteHandleOf } from './sqlite-handle';

type Value = string | number;

/**
 * A query built and compiled once, then run with new values. Building a query with Kysely
 * (expression builders, frozen nodes, the compiler) costs several times what SQLite takes to
 * run a small indexed statement, so a query on every public API call is compiled only once.
 *
 * `build` is called once with `sample` values, which must each be distinct from one another
 * and from the query's constants; each parameter of the compiled query that is a sample value
 * becomes a slot filled from `execute`'s values, the others stay constants.
 *
 * On SQLite, run on the root instance while no transaction is open, the statement runs at
 * once on its own prepared statement instead of through Kysely's connection queue (several
 * promise hops per query, more than the statement itself). better-sqlite3 is synchronous, so
 * nothing can interleave with it; while a transaction holds the connection, the query waits
 * for it through Kysely, as any other, rather than joining it.
 */
export class ReusedQuery<Values extends Record<string, Value>, Row> {
  #compiled: CompiledQuery<Row> | undefined;
  #slots: ({ key: keyof Values } | { constant: unknown })[] = [];
  #prepared: { sqlite: SqliteDatabase.Database; statement: SqliteDatabase.Statement } | undefined;

  constructor(
    private readonly sample: Values,
    private readonly build: (values: Values) => Compilable<Row>,
  ) {}

  execute(db: Kysely<Database>, values: Values): Promise<QueryResult<Row>> {
    const compiled = (this.#compiled ??= this.#compile());
    const parameters = this.#slots.map((slot) =>
      'key' in slot ? values[slot.key] : slot.constant,
    );
    const sqlite = sqliteHandleOf(db);
    if (sqlite !== undefined && sqlite.open && !sqlite.inTransaction) {
      try {
        return Promise.resolve(this.#run(sqlite, compiled.sql, parameters));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return db.executeQuery<Row>({ ...compiled, parameters });
  }

  /**
   * Runs the statement at once on SQLite's connection, synchronously, in whatever transaction
   * that connection has open: for a caller that groups statements in a transaction of its own
   * (SqliteWriteGroup). Throws what the statement throws.
   */
  runOn(sqlite: SqliteDatabase.Database, values: Values): QueryResult<Row> {
    const compiled = (this.#compiled ??= this.#compile());
    const parameters = this.#slots.map((slot) =>
      'key' in slot ? values[slot.key] : slot.constant,
    );
    return this.#run(sqlite, compiled.sql, parameters);
  }

  /** What Kysely's SQLite driver returns for the statement, without its queue. */
  #run(sqlite: SqliteDatabase.Database, sql: string, parameters: unknown[]): QueryResult<Row> {
    if (this.#prepared?.sqlite !== sqlite)
      this.#prepared = { sqlite, statement: sqlite.prepare(sql) };
    const { statement } = this.#prepared;
    if (statement.reader) return { rows: statement.all(parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { insertId: BigInt(lastInsertRowid), numAffectedRows: BigInt(changes), rows: [] };
  }

  #compile(): CompiledQuery<Row> {
    const compiled = this.build(this.sample).compile();
    const keys = Object.keys(this.sample) as (keyof Values)[];
    this.#slots = compiled.parameters.map((parameter) => {
      const key = keys.find((k) => this.sample[k] === parameter);
      return key === undefined ? { constant: parameter } : { key };
    });
    const missing = keys.filter((k) => !this.#slots.some((s) => 'key' in s && s.key === k));
    // A value the builder did not bind (e.g. inlined) would be silently ignored: refuse it.
    if (missing.length > 0) throw new Error(`ReusedQuery: ${missing.join(', ')} not bound`);
    return compiled;
  }
}
