import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface InstructionsVersionRow {
  version: number;
  body: string;
  created_at: string;
  /** The saving admin's email (null for the shipped version or a deleted account). */
  created_by_email: string | null;
}

export class PromptGeneratorRepository {
  constructor(private readonly db: Kysely<Database>) {}

  #versions(generatorId: string) {
    return this.db
      .selectFrom('prompt_generator_instructions as i')
      .leftJoin('users as u', 'u.id', 'i.created_by')
      .select(['i.version', 'i.body', 'i.created_at', 'u.email as created_by_email'])
      .where('i.generator_id', '=', generatorId)
      .orderBy('i.version', 'desc');
  }

  async current(generatorId: string): Promise<InstructionsVersionRow | undefined> {
    const row = await this.#versions(generatorId).limit(1).executeTakeFirst();
    return row && normalise(row);
  }

  async version(generatorId: string, version: number): Promise<InstructionsVersionRow | undefined> {
    const row = await this.#versions(generatorId)
      .where('i.version', '=', version)
      .executeTakeFirst();
    return row && normalise(row);
  }

  async list(generatorId: string, limit: number): Promise<InstructionsVersionRow[]> {
    return (await this.#versions(generatorId).limit(limit).execute()).map(normalise);
  }

  /**
   * Adds the next version. Two saves at the same moment compute the same number; the primary
   * key refuses the second, which the service then retries with the number after.
   */
  async add(generatorId: string, body: string, userId: string, now: string): Promise<number> {
    const latest = await this.db
      .selectFrom('prompt_generator_instructions')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('generator_id', '=', generatorId)
      .executeTakeFirst();
    const version = Number(latest?.version ?? 0) + 1;
    await this.db
      .insertInto('prompt_generator_instructions')
      .values({ generator_id: generatorId, version, body, created_at: now, created_by: userId })
      .execute();
    return version;
  }
}

function normalise(row: InstructionsVersionRow): InstructionsVersionRow {
  // PostgreSQL's driver may hand integers back as strings.
  return { ...row, version: Number(row.version) };
}
