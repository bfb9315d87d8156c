import type { Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  PromptTemplateCategoriesTable,
  PromptTemplatesTable,
  PromptTemplateVersionsTable,
} from '../../db/schema';

export type TemplateRow = Selectable<PromptTemplatesTable> & {
  category_name: string | null;
  favourite: number;
};

/** Which templates a list reads; the service decides who may ask for which. */
export type TemplateScope =
  | { kind: 'mine'; userId: string }
  | { kind: 'public' }
  | { kind: 'favourites'; userId: string }
  | { kind: 'library' };

export type VersionFields = Omit<Selectable<PromptTemplateVersionsTable>, 'template_id'>;

export class PromptTemplatesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Templates with their category's name and the viewer's favourite flag (0 for nobody). */
  #withExtras(viewerId: string | null) {
    return this.db
      .selectFrom('prompt_templates as t')
      .leftJoin('prompt_template_categories as c', 'c.id', 't.category_id')
      .selectAll('t')
      .select('c.name as category_name')
      .select((eb) =>
        eb
          .selectFrom('prompt_template_favourites as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.template_id', '=', 't.id')
          .where('f.user_id', '=', viewerId ?? '')
          .as('favourite'),
      );
  }

  async list(
    scope: TemplateScope,
    viewerId: string | null,
    sort: 'uses' | 'recent' | 'created',
  ): Promise<TemplateRow[]> {
    let query = this.#withExtras(viewerId);
    if (scope.kind === 'mine') query = query.where('t.owner_id', '=', scope.userId);
    else if (scope.kind === 'public') query = query.where('t.visibility', '=', 'public');
    else if (scope.kind === 'library') query = query.where('t.owner_id', 'is', null);
    else
      query = query
        .innerJoin('prompt_template_favourites as mine', (join) =>
          join.onRef('mine.template_id', '=', 't.id').on('mine.user_id', '=', scope.userId),
        )
        .where((eb) =>
          eb.or([eb('t.owner_id', '=', scope.userId), eb('t.visibility', '=', 'public')]),
        );
    // The library's featured templates lead its list.
    if (scope.kind === 'public') query = query.orderBy('t.featured', 'desc');
    if (sort === 'uses') query = query.orderBy('t.use_count', 'desc');
    query =
      sort === 'created'
        ? query.orderBy('t.created_at', 'asc')
        : query.orderBy('t.updated_at', 'desc');
    // Ties go by id, which counts up in time (timeOrderedId): rows written in one millisecond
    // keep the order they were written in.
    const rows = await query.orderBy('t.id', sort === 'created' ? 'asc' : 'desc').execute();
    return rows.map(normalise);
  }

  async find(id: string, viewerId: string | null): Promise<TemplateRow | undefined> {
    const row = await this.#withExtras(viewerId).where('t.id', '=', id).executeTakeFirst();
    return row && normalise(row);
  }

  async insert(row: Selectable<PromptTemplatesTable>, createdBy: string | null): Promise<void> {
    await this.db.insertInto('prompt_templates').values(row).execute();
    await this.db
      .insertInto('prompt_template_versions')
      .values({
        template_id: row.id,
        version: row.version,
        title: row.title,
        description: row.description,
        category_id: row.category_id,
        tags: row.tags,
        body: row.body,
        created_by: createdBy,
        created_at: row.created_at,
      })
      .execute();
  }

  /**
   * Writes new content as the next version. The UPDATE takes the row's lock first, so two
   * saves at once get consecutive version numbers instead of colliding.
   */
  async saveVersion(
    id: string,
    fields: Pick<
      Selectable<PromptTemplatesTable>,
      'title' | 'description' | 'category_id' | 'tags' | 'body'
    >,
    createdBy: string | null,
    at: string,
  ): Promise<void> {
    const updated = await this.db
      .updateTable('prompt_templates')
      .set((eb) => ({ ...fields, version: eb('version', '+', 1), updated_at: at }))
      .where('id', '=', id)
      .returning('version')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('prompt_template_versions')
      .values({
        template_id: id,
        version: Number(updated.version),
        ...fields,
        created_by: createdBy,
        created_at: at,
      })
      .execute();
  }

  async update(id: string, changes: Updateable<PromptTemplatesTable>): Promise<void> {
    await this.db.updateTable('prompt_templates').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('prompt_templates').where('id', '=', id).execute();
  }

  versions(id: string): Promise<VersionFields[]> {
    return this.db
      .selectFrom('prompt_template_versions')
      .select([
        'version',
        'title',
        'description',
        'category_id',
        'tags',
        'body',
        'created_by',
        'created_at',
      ])
      .where('template_id', '=', id)
      .orderBy('version', 'desc')
      .execute();
  }

  async version(id: string, version: number): Promise<VersionFields | undefined> {
    return (await this.versions(id)).find((v) => v.version === version);
  }

  async setFavourite(userId: string, id: string, favourite: boolean, at: string): Promise<void> {
    await this.db
      .deleteFrom('prompt_template_favourites')
      .where('user_id', '=', userId)
      .where('template_id', '=', id)
      .execute();
    if (favourite)
      await this.db
        .insertInto('prompt_template_favourites')
        .values({ user_id: userId, template_id: id, created_at: at })
        .execute();
  }

  async countUse(id: string): Promise<number> {
    const row = await this.db
      .updateTable('prompt_templates')
      .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
      .where('id', '=', id)
      .returning('use_count')
      .executeTakeFirstOrThrow();
    return Number(row.use_count);
  }

  /** Categories in order, each with how many public templates it holds. */
  async categories(): Promise<Array<Selectable<PromptTemplateCategoriesTable> & { n: number }>> {
    const rows = await this.db
      .selectFrom('prompt_template_categories as c')
      .selectAll('c')
      .select((eb) =>
        eb
          .selectFrom('prompt_templates as t')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('t.category_id', '=', 'c.id')
          .where('t.visibility', '=', 'public')
          .as('n'),
      )
      .orderBy('c.position')
      .orderBy('c.name')
      .execute();
    return rows.map((r) => ({ ...r, position: Number(r.position), n: Number(r.n ?? 0) }));
  }

  async insertCategory(row: Selectable<PromptTemplateCategoriesTable>): Promise<void> {
    await this.db.insertInto('prompt_template_categories').values(row).execute();
  }

  async renameCategory(id: string, name: string): Promise<boolean> {
    const result = await this.db
      .updateTable('prompt_template_categories')
      .set({ name })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async moveCategory(id: string, position: number): Promise<void> {
    await this.db
      .updateTable('prompt_template_categories')
      .set({ position })
      .where('id', '=', id)
      .execute();
  }

  async deleteCategory(id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('prompt_template_categories')
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

function normalise(
  row: Selectable<PromptTemplatesTable> & {
    category_name: string | null;
    favourite: number | string | bigint | null;
  },
): TemplateRow {
  return {
    ...row,
    featured: Number(row.featured),
    version: Number(row.version),
    use_count: Number(row.use_count),
    favourite: Number(row.favourite ?? 0),
  };
}
