import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema';

type Value = string | number;

/**
 * A query built and compiled once, then run with new values. Building a query with Kysely
 * (expression builders, frozen nodes, the compiler) costs several times what SQLite takes to
 * run a small indexed statement, so a query on every public API call is compiled only once.
 *
 * `build` is called once with `sample` values, which must each be distinct from one another
 * and from the query's constants; each parameter of the compiled query that is a sample value
 * becomes a slot filled from `execute`'s values, the others stay constants.
 */
export class ReusedQuery<Values extends Record<string, Value>, Row> {
  #compiled: CompiledQuery<Row> | undefined;
  #slots: ({ key: keyof Values } | { constant: unknown })[] = [];

  constructor(
    private readonly sample: Values,
    private readonly build: (values: Values) => Compilable<Row>,
  ) {}

  execute(db: Kysely<Database>, values: Values): Promise<QueryResult<Row>> {
    const compiled = (this.#compiled ??= this.#compile());
    const parameters = this.#slots.map((slot) =>
      'key' in slot ? values[slot.key] : slot.constant,
    );
    return db.executeQuery<Row>({ ...compiled, parameters });
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
