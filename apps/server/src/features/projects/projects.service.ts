import { randomUUID } from 'node:crypto';
import type {
  CreateProjectRequest,
  DeleteProjectResponse,
  ExportedProject,
  Project,
  UpdateProjectRequest,
} from '@parallax/contract';
import { CreateProjectRequest as CreateProjectSchema, ProjectColour } from '@parallax/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProjectsTable } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { AppError, isAppError } from '../../infra/errors';
import type { ConversationsService } from '../conversations';
import type { ModelsService } from '../models/models.service';
import { ProjectsRepository, withActivity, type ProjectRow } from './projects.repository';

export const PROJECT_NOT_FOUND = 'Project not found';

/** Work another feature does inside a project's delete transaction (its own rows of it). */
export type ProjectDeletingListener = (
  trx: Kysely<Database>,
  project: { userId: string; id: string },
) => Promise<void>;

function toExportedProject(row: Selectable<ProjectsTable>): ExportedProject {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    colour: ProjectColour.catch('blue').parse(row.colour),
    instructions: row.instructions,
    default_model: row.default_model,
    archived: row.archived === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function toProject(row: ProjectRow): Project {
  return {
    ...toExportedProject(row),
    chat_count: row.chat_count,
    last_activity_at: row.last_activity_at,
  };
}

/**
 * A user's projects. Visitors have none: every lookup for a visitor answers 404, so a project
 * id never tells a stranger whether it exists.
 */
export class ProjectsService {
  readonly #deleting: ProjectDeletingListener[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    private readonly repository: ProjectsRepository,
    private readonly deps: { conversations: ConversationsService; models: ModelsService },
  ) {}

  async list(userId: string, archived: boolean): Promise<Project[]> {
    const rows = await this.repository.list(userId, archived);
    const activity = await this.deps.conversations.projectActivity(
      userId,
      rows.map((r) => r.id),
    );
    return rows
      .map((row) => toProject(withActivity(row, activity.get(row.id))))
      .sort(
        (a, b) => b.last_activity_at.localeCompare(a.last_activity_at) || b.id.localeCompare(a.id),
      );
  }

  async get(userId: string, id: string): Promise<Project> {
    const row = await this.repository.find(userId, id);
    if (!row) throw new AppError('not_found', PROJECT_NOT_FOUND);
    const activity = await this.deps.conversations.projectActivity(userId, [id]);
    return toProject(withActivity(row, activity.get(id)));
  }

  /** 404 unless the project exists and belongs to this owner (a chat being moved or started). */
  async assertOwned(owner: ChatOwner, id: string): Promise<void> {
    if (owner.kind !== 'user' || !(await this.repository.exists(owner.id, id)))
      throw new AppError('not_found', PROJECT_NOT_FOUND);
  }

  async create(userId: string, request: CreateProjectRequest): Promise<Project> {
    const input = CreateProjectSchema.parse(request);
    await this.#checkModel(input.default_model);
    const now = new Date().toISOString();
    const id = randomUUID();
    await this.repository.insert({
      id,
      user_id: userId,
      name: input.name,
      description: input.description,
      icon: input.icon,
      colour: input.colour,
      instructions: input.instructions,
      default_model: input.default_model,
      archived: 0,
      created_at: now,
      updated_at: now,
    });
    return this.get(userId, id);
  }

  async update(userId: string, id: string, changes: UpdateProjectRequest): Promise<Project> {
    if (changes.default_model !== undefined) await this.#checkModel(changes.default_model);
    const { archived, ...rest } = changes;
    const updated = await this.repository.update(userId, id, {
      ...rest,
      ...(archived === undefined ? {} : { archived: archived ? 1 : 0 }),
      updated_at: new Date().toISOString(),
    });
    if (!updated) throw new AppError('not_found', PROJECT_NOT_FOUND);
    return this.get(userId, id);
  }

  /** Deletes the project; its chats move out of it (keep) or go with it (delete), atomically. */
  async delete(
    userId: string,
    id: string,
    chats: 'keep' | 'delete',
  ): Promise<DeleteProjectResponse> {
    const count = await this.db.transaction().execute(async (trx) => {
      // Before the row goes: listeners read what the delete will cascade away.
      for (const listener of this.#deleting) await listener(trx, { userId, id });
      if (!(await new ProjectsRepository(trx).delete(userId, id)))
        throw new AppError('not_found', PROJECT_NOT_FOUND);
      return this.deps.conversations.within(trx).emptyProject(userId, id, chats);
    });
    return { ok: true, chats: count };
  }

  /** Runs `listener` in every project delete's transaction, before the project row goes. */
  onDeleting(listener: ProjectDeletingListener): void {
    this.#deleting.push(listener);
  }

  /** Every project of the user as the export file holds it. */
  async exportAll(userId: string): Promise<ExportedProject[]> {
    return (await this.repository.all(userId)).map(toExportedProject);
  }

  /** The instructions of a project (a turn's chat's; its ownership already checked). */
  instructionsOf(projectId: string): Promise<string> {
    return this.repository.instructionsOf(projectId);
  }

  async #checkModel(model: string | null): Promise<void> {
    if (model === null) return;
    try {
      await this.deps.models.resolve(model);
    } catch (error) {
      // A known model without a key today may have one tomorrow; only unknown ids are refused.
      if (isAppError(error) && error.code === 'not_found')
        throw new AppError('validation_error', `default_model: ${model} is not a known model.`);
    }
  }
}
