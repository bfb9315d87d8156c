import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  PROMPT_TEMPLATE_EXPORT_FORMAT,
  PROMPT_TEMPLATE_LIMITS,
  type PromptTemplate,
  type PromptTemplateCategory,
  type PromptTemplateExportFile,
  type PromptTemplateListResponse,
  type PromptTemplateVersion,
  type TemplateVisibility,
} from '@parallax/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../infra/errors';
import { timeOrderedId } from '../../infra/time-ordered-id';
import {
  PromptTemplatesRepository,
  type TemplateRow,
  type TemplateScope,
} from './prompt-templates.repository';
import {
  TEMPLATE_NOT_FOUND,
  SIGN_IN_REQUIRED,
  parseTags,
  canEdit,
  toTemplate,
  toVersion,
  matches,
  checkBody,
  type Viewer,
  type TemplateFields,
  type ListOptions,
} from './prompt-template-view';

/**
 * Prompt templates: a user's own (always private) and the library (no owner), which only
 * admins change and publish. A template the caller may not see answers 404, whoever owns it;
 * a public one seen but not theirs to change answers 403.
 */
export class PromptTemplatesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: PromptTemplatesRepository,
  ) {}

  async list(viewer: Viewer, options: ListOptions): Promise<PromptTemplateListResponse> {
    const scope = this.#scope(viewer, options.tab);
    const rows = await this.repository.list(scope, viewer.userId, options.sort);
    const all = rows.map((row) => toTemplate(row, viewer));
    const tags = [...new Set(all.flatMap((t) => t.tags))].sort();
    const templates = all.filter(
      (t) =>
        (!options.q || matches(t, options.q)) &&
        (!options.category_id || t.category_id === options.category_id) &&
        (!options.tag || t.tags.includes(options.tag)),
    );
    return { templates, categories: await this.categories(), tags };
  }

  async get(viewer: Viewer, id: string): Promise<PromptTemplate> {
    return toTemplate(await this.#readable(viewer, id), viewer);
  }

  async create(userId: string, fields: TemplateFields): Promise<PromptTemplate> {
    return this.#insert({ userId, admin: false }, fields, { owner: userId });
  }

  async createLibrary(
    viewer: Viewer,
    fields: TemplateFields,
    visibility: TemplateVisibility,
    featured: boolean,
  ): Promise<PromptTemplate> {
    return this.#insert(viewer, fields, { owner: null, visibility, featured });
  }

  async update(
    viewer: Viewer,
    id: string,
    changes: Partial<TemplateFields>,
  ): Promise<PromptTemplate> {
    const row = await this.#editable(viewer, id);
    const next: TemplateFields = {
      title: changes.title ?? row.title,
      description: changes.description ?? row.description,
      category_id: changes.category_id === undefined ? row.category_id : changes.category_id,
      tags: changes.tags ?? parseTags(row.tags),
      body: changes.body ?? row.body,
    };
    await this.#saveVersion(viewer, row, next);
    return this.get(viewer, id);
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    await this.#editable(viewer, id);
    await this.repository.delete(id);
  }

  async versions(viewer: Viewer, id: string): Promise<PromptTemplateVersion[]> {
    await this.#readable(viewer, id);
    return (await this.repository.versions(id)).map(toVersion);
  }

  async version(viewer: Viewer, id: string, version: number): Promise<PromptTemplateVersion> {
    await this.#readable(viewer, id);
    const found = await this.repository.version(id, version);
    if (!found) throw new AppError('not_found', `Version ${version} of this template not found`);
    return toVersion(found);
  }

  /** Saves an earlier version's content as the newest version (history is never rewritten). */
  async restore(viewer: Viewer, id: string, version: number): Promise<PromptTemplate> {
    const row = await this.#editable(viewer, id);
    const old = await this.repository.version(id, version);
    if (!old) throw new AppError('not_found', `Version ${version} of this template not found`);
    const category = old.category_id && (await this.#categoryExists(old.category_id));
    await this.#saveVersion(viewer, row, {
      title: old.title,
      description: old.description,
      category_id: category ? old.category_id : null,
      tags: parseTags(old.tags),
      body: old.body,
    });
    return this.get(viewer, id);
  }

  /** A private copy for the caller: duplicates their own, or copies a public one. */
  async copy(userId: string, admin: boolean, id: string): Promise<PromptTemplate> {
    const viewer = { userId, admin };
    const row = await this.#readable(viewer, id);
    const own = row.owner_id === userId;
    const title = own
      ? `${row.title} (copy)`.slice(0, PROMPT_TEMPLATE_LIMITS.titleMaxChars)
      : row.title;
    return this.#insert(
      viewer,
      {
        title,
        description: row.description,
        category_id: row.category_id,
        tags: parseTags(row.tags),
        body: row.body,
      },
      { owner: userId, copiedFrom: row.id },
    );
  }

  async setFavourite(viewer: Viewer, id: string, favourite: boolean): Promise<PromptTemplate> {
    if (viewer.userId === null) throw new AppError('unauthorized', SIGN_IN_REQUIRED);
    await this.#readable(viewer, id);
    await this.repository.setFavourite(viewer.userId, id, favourite, new Date().toISOString());
    return this.get(viewer, id);
  }

  async countUse(viewer: Viewer, id: string): Promise<number> {
    await this.#readable(viewer, id);
    return this.repository.countUse(id);
  }

  /** Publishes, unpublishes or features a library template (no new version). */
  async setLibraryState(
    viewer: Viewer,
    id: string,
    changes: { visibility?: TemplateVisibility | undefined; featured?: boolean | undefined },
  ): Promise<PromptTemplate> {
    const row = await this.#readable(viewer, id);
    if (row.owner_id !== null) throw new AppError('not_found', TEMPLATE_NOT_FOUND);
    await this.repository.update(id, {
      ...(changes.visibility === undefined ? {} : { visibility: changes.visibility }),
      ...(changes.featured === undefined ? {} : { featured: changes.featured ? 1 : 0 }),
      updated_at: new Date().toISOString(),
    });
    return this.get(viewer, id);
  }

  async exportMine(userId: string): Promise<PromptTemplateExportFile> {
    const rows = await this.repository.list({ kind: 'mine', userId }, userId, 'created');
    return {
      format: PROMPT_TEMPLATE_EXPORT_FORMAT,
      version: 1,
      exported_at: new Date().toISOString(),
      templates: rows.map((row) => ({
        title: row.title,
        description: row.description,
        category: row.category_name,
        tags: parseTags(row.tags),
        body: row.body,
      })),
    };
  }

  /** All or nothing: one bad template refuses the whole file, naming it. */
  async importMine(
    userId: string,
    templates: Array<Omit<TemplateFields, 'category_id'> & { category: string | null }>,
  ): Promise<PromptTemplate[]> {
    templates.forEach((t, i) => {
      try {
        checkBody(t.body);
      } catch (error) {
        if (error instanceof AppError)
          throw new AppError('validation_error', `templates.${i}.${error.detail}`);
        throw error;
      }
    });
    const byName = new Map(
      (await this.categories()).map((c) => [c.name.trim().toLowerCase(), c.id]),
    );
    const viewer = { userId, admin: false };
    const ids = await this.db.transaction().execute(async (trx) => {
      const created: string[] = [];
      for (const t of templates) {
        const category_id = (t.category && byName.get(t.category.trim().toLowerCase())) ?? null;
        const { category: _category, ...fields } = t;
        created.push(
          await this.#write(
            new PromptTemplatesRepository(trx),
            viewer,
            { ...fields, category_id },
            {
              owner: userId,
            },
          ),
        );
      }
      return created;
    });
    return Promise.all(ids.map((id) => this.get(viewer, id)));
  }

  async categories(): Promise<PromptTemplateCategory[]> {
    return (await this.repository.categories()).map((c) => ({
      id: c.id,
      name: c.name,
      position: c.position,
      template_count: c.n,
    }));
  }

  async createCategory(name: string): Promise<PromptTemplateCategory> {
    const existing = await this.categories();
    if (existing.some((c) => c.name.toLowerCase() === name.toLowerCase()))
      throw new AppError('validation_error', `name: a category called "${name}" already exists.`);
    const id = `cat_${randomUUID()}`;
    await this.repository.insertCategory({
      id,
      name,
      position: existing.reduce((max, c) => Math.max(max, c.position + 1), 0),
      created_at: new Date().toISOString(),
    });
    return this.#category(id);
  }

  async renameCategory(id: string, name: string): Promise<PromptTemplateCategory> {
    const clash = (await this.categories()).find(
      (c) => c.id !== id && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (clash)
      throw new AppError('validation_error', `name: a category called "${name}" already exists.`);
    if (!(await this.repository.renameCategory(id, name)))
      throw new AppError('not_found', 'Category not found');
    return this.#category(id);
  }

  /** Templates in a deleted category keep going, uncategorised. */
  async deleteCategory(id: string): Promise<void> {
    if (!(await this.repository.deleteCategory(id)))
      throw new AppError('not_found', 'Category not found');
  }

  async reorderCategories(ids: string[]): Promise<PromptTemplateCategory[]> {
    const known = await this.categories();
    const same =
      ids.length === known.length &&
      new Set(ids).size === ids.length &&
      known.every((c) => ids.includes(c.id));
    if (!same)
      throw new AppError('validation_error', 'ids: list every category exactly once, in order.');
    await this.db.transaction().execute(async (trx) => {
      const repository = new PromptTemplatesRepository(trx);
      for (const [position, id] of ids.entries()) await repository.moveCategory(id, position);
    });
    return this.categories();
  }

  #scope(viewer: Viewer, tab: ListOptions['tab']): TemplateScope {
    if (tab === 'public') return { kind: 'public' };
    if (tab === 'library') return { kind: 'library' };
    if (viewer.userId === null) throw new AppError('unauthorized', SIGN_IN_REQUIRED);
    return { kind: tab, userId: viewer.userId };
  }

  async #category(id: string): Promise<PromptTemplateCategory> {
    const found = (await this.categories()).find((c) => c.id === id);
    if (!found) throw new AppError('not_found', 'Category not found');
    return found;
  }

  async #categoryExists(id: string): Promise<boolean> {
    return (await this.repository.categories()).some((c) => c.id === id);
  }

  async #readable(viewer: Viewer, id: string): Promise<TemplateRow> {
    const row = await this.repository.find(id, viewer.userId);
    const visible =
      row !== undefined &&
      (row.visibility === 'public' ||
        (row.owner_id === null ? viewer.admin : row.owner_id === viewer.userId));
    if (!visible) throw new AppError('not_found', TEMPLATE_NOT_FOUND);
    return row;
  }

  async #editable(viewer: Viewer, id: string): Promise<TemplateRow> {
    if (viewer.userId === null) throw new AppError('unauthorized', SIGN_IN_REQUIRED);
    const row = await this.#readable(viewer, id);
    if (!canEdit(viewer, row)) throw new AppError('forbidden', MESSAGES.forbidden);
    return row;
  }

  async #checkCategory(
    id: string | null,
    repository: PromptTemplatesRepository = this.repository,
  ): Promise<void> {
    if (id !== null && !(await repository.categories()).some((c) => c.id === id))
      throw new AppError('validation_error', 'category_id: no such category.');
  }

  async #saveVersion(viewer: Viewer, row: TemplateRow, next: TemplateFields): Promise<void> {
    const unchanged =
      next.title === row.title &&
      next.description === row.description &&
      next.category_id === row.category_id &&
      next.body === row.body &&
      JSON.stringify(next.tags) === JSON.stringify(parseTags(row.tags));
    if (unchanged) return;
    checkBody(next.body);
    await this.#checkCategory(next.category_id);
    await this.db
      .transaction()
      .execute((trx) =>
        new PromptTemplatesRepository(trx).saveVersion(
          row.id,
          { ...next, tags: JSON.stringify(next.tags) },
          viewer.userId,
          new Date().toISOString(),
        ),
      );
  }

  async #insert(
    viewer: Viewer,
    fields: TemplateFields,
    options: WriteOptions,
  ): Promise<PromptTemplate> {
    const id = await this.db
      .transaction()
      .execute((trx) => this.#write(new PromptTemplatesRepository(trx), viewer, fields, options));
    return this.get(viewer, id);
  }

  async #write(
    repository: PromptTemplatesRepository,
    viewer: Viewer,
    fields: TemplateFields,
    options: WriteOptions,
  ): Promise<string> {
    checkBody(fields.body);
    // Through the transaction's repository: SQLite has one connection, held by the transaction.
    await this.#checkCategory(fields.category_id, repository);
    const now = new Date().toISOString();
    const id = timeOrderedId();
    await repository.insert(
      {
        id,
        owner_id: options.owner,
        visibility: options.owner === null ? (options.visibility ?? 'private') : 'private',
        featured: options.featured ? 1 : 0,
        title: fields.title,
        description: fields.description,
        category_id: fields.category_id,
        tags: JSON.stringify(fields.tags),
        body: fields.body,
        version: 1,
        use_count: 0,
        copied_from: options.copiedFrom ?? null,
        created_at: now,
        updated_at: now,
      },
      viewer.userId,
    );
    return id;
  }
}

interface WriteOptions {
  owner: string | null;
  visibility?: TemplateVisibility;
  featured?: boolean;
  copiedFrom?: string;
}
