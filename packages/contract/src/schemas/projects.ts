import { z } from 'zod';
import { Id, IsoTimestamp, QueryBoolean } from './common';

/** Projects (/api/v1/projects): a user's named group of chats with shared instructions. */

export const PROJECT_LIMITS = {
  nameMaxChars: 100,
  descriptionMaxChars: 500,
  instructionsMaxChars: 8_000,
  iconMaxChars: 16,
  /** How many projects the sidebar shows. */
  sidebarRecent: 5,
} as const;

/** The colours a project can wear: named, so both themes can pick readable shades. */
export const PROJECT_COLOURS = [
  'slate',
  'red',
  'orange',
  'amber',
  'green',
  'teal',
  'blue',
  'violet',
  'pink',
] as const;
export const ProjectColour = z.enum(PROJECT_COLOURS);
export type ProjectColour = z.infer<typeof ProjectColour>;

const Name = z.string().trim().min(1).max(PROJECT_LIMITS.nameMaxChars);
const Description = z.string().trim().max(PROJECT_LIMITS.descriptionMaxChars);
const Instructions = z.string().max(PROJECT_LIMITS.instructionsMaxChars);
/** One emoji (a few code points: skin tones, joiners, flags). */
const Icon = z.string().trim().min(1).max(PROJECT_LIMITS.iconMaxChars);
const DefaultModel = z.string().min(1).max(128);

export const Project = z.object({
  id: Id,
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  colour: ProjectColour,
  instructions: z.string(),
  default_model: z.string().nullable(),
  archived: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  /** Chats (not comparisons) in the project. */
  chat_count: z.int().nonnegative(),
  /** The latest message in any of its chats, else the project's own last change. */
  last_activity_at: IsoTimestamp,
});
export type Project = z.infer<typeof Project>;

/** GET /projects: newest activity first; archived ones only when asked for. */
export const ProjectListQuery = z.object({ archived: QueryBoolean.default(false) });
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const ProjectListResponse = z.object({ projects: z.array(Project) });
export type ProjectListResponse = z.infer<typeof ProjectListResponse>;

/** POST /projects. */
export const CreateProjectRequest = z.object({
  name: Name,
  description: Description.default(''),
  icon: Icon.default('📁'),
  colour: ProjectColour.default('blue'),
  instructions: Instructions.default(''),
  default_model: DefaultModel.nullable().default(null),
});
export type CreateProjectRequest = z.input<typeof CreateProjectRequest>;

/** PATCH /projects/{id}: any subset; archived moves it in or out of the archive. */
export const UpdateProjectRequest = z
  .object({
    name: Name,
    description: Description,
    icon: Icon,
    colour: ProjectColour,
    instructions: Instructions,
    default_model: DefaultModel.nullable(),
    archived: z.boolean(),
  })
  .partial();
export type UpdateProjectRequest = z.infer<typeof UpdateProjectRequest>;

/** DELETE /projects/{id}?chats=keep|delete: keep moves its chats out of the project. */
export const DeleteProjectQuery = z.object({ chats: z.enum(['keep', 'delete']) });
export type DeleteProjectQuery = z.infer<typeof DeleteProjectQuery>;

export const DeleteProjectResponse = z.object({
  ok: z.literal(true),
  /** Chats moved out (keep) or deleted (delete). */
  chats: z.int().nonnegative(),
});
export type DeleteProjectResponse = z.infer<typeof DeleteProjectResponse>;
