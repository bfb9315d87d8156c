import { z } from 'zod';
import { TEMPLATE_VARIABLE_TYPES } from '../prompt-templates/template-variables';
import { Id, IsoTimestamp } from './common';

/**
 * Prompt templates (/api/v1/prompt-templates): a user's own (private) templates and the public
 * library curated by admins (/api/v1/admin/prompt-templates). Every save is a new version.
 */

export const PROMPT_TEMPLATE_LIMITS = {
  titleMaxChars: 200,
  descriptionMaxChars: 1_000,
  bodyMaxChars: 20_000,
  /** A body may define fewer than this many distinct variables. */
  variablesMax: 100,
  tagsMax: 10,
  tagMaxChars: 40,
  categoryNameMaxChars: 60,
  /** Templates in one import file. */
  importMax: 200,
} as const;

export const TEMPLATE_VISIBILITIES = ['private', 'public'] as const;
export const TemplateVisibility = z.enum(TEMPLATE_VISIBILITIES);
export type TemplateVisibility = z.infer<typeof TemplateVisibility>;

const Title = z.string().trim().min(1).max(PROMPT_TEMPLATE_LIMITS.titleMaxChars);
const Description = z.string().trim().max(PROMPT_TEMPLATE_LIMITS.descriptionMaxChars);
const Body = z.string().min(1).max(PROMPT_TEMPLATE_LIMITS.bodyMaxChars);
const Tag = z.string().trim().toLowerCase().min(1).max(PROMPT_TEMPLATE_LIMITS.tagMaxChars);
const Tags = z
  .array(Tag)
  .max(PROMPT_TEMPLATE_LIMITS.tagsMax)
  // overwrite, not transform: the type stays an array of tags, so OpenAPI can still describe it.
  .overwrite((tags) => [...new Set(tags)]);

export const TemplateVariableSchema = z.object({
  name: z.string(),
  type: z.enum(TEMPLATE_VARIABLE_TYPES),
  options: z.array(z.string()),
  default: z.string().nullable(),
});

export const TemplateVariableProblemSchema = z.object({
  start: z.int().nonnegative(),
  length: z.int().nonnegative(),
  message: z.string(),
});

export const PromptTemplateCategory = z.object({
  id: Id,
  name: z.string(),
  position: z.int(),
  template_count: z.int().nonnegative(),
});
export type PromptTemplateCategory = z.infer<typeof PromptTemplateCategory>;

export const PromptTemplate = z.object({
  id: Id,
  title: z.string(),
  description: z.string(),
  category_id: Id.nullable(),
  category: z.string().nullable(),
  tags: z.array(z.string()),
  body: z.string(),
  visibility: TemplateVisibility,
  featured: z.boolean(),
  /** Library templates (seeded or curated by admins) have no owner. */
  library: z.boolean(),
  /** The caller may change it: their own template, or an admin on a library one. */
  can_edit: z.boolean(),
  favourite: z.boolean(),
  use_count: z.int().nonnegative(),
  version: z.int().positive(),
  variables: z.array(TemplateVariableSchema),
  /** Malformed or unterminated variables: saved as written, marked in the editor. */
  problems: z.array(TemplateVariableProblemSchema),
  copied_from: Id.nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type PromptTemplate = z.infer<typeof PromptTemplate>;

export const TEMPLATE_TABS = ['mine', 'public', 'favourites'] as const;
export const TemplateTab = z.enum(TEMPLATE_TABS);
export type TemplateTab = z.infer<typeof TemplateTab>;

export const TEMPLATE_SORTS = ['uses', 'recent'] as const;
export const TemplateSort = z.enum(TEMPLATE_SORTS);
export type TemplateSort = z.infer<typeof TemplateSort>;

/** GET /prompt-templates: visitors may only ask for the public tab. */
export const PromptTemplateListQuery = z.object({
  tab: TemplateTab.default('public'),
  q: z.string().trim().max(200).optional(),
  category_id: Id.optional(),
  tag: z.string().trim().toLowerCase().max(PROMPT_TEMPLATE_LIMITS.tagMaxChars).optional(),
  sort: TemplateSort.default('recent'),
});
export type PromptTemplateListQuery = z.input<typeof PromptTemplateListQuery>;

export const PromptTemplateListResponse = z.object({
  templates: z.array(PromptTemplate),
  categories: z.array(PromptTemplateCategory),
  /** Every tag on the templates of the tab (before the q/category/tag filters), sorted. */
  tags: z.array(z.string()),
});
export type PromptTemplateListResponse = z.infer<typeof PromptTemplateListResponse>;

/** The fields a save writes (a new version each time). */
export const PromptTemplateFields = z.object({
  title: Title,
  description: Description.default(''),
  category_id: Id.nullable().default(null),
  tags: Tags.default([]),
  body: Body,
});

/** POST /prompt-templates: a new private template of the caller. */
export const CreatePromptTemplateRequest = PromptTemplateFields;
export type CreatePromptTemplateRequest = z.input<typeof CreatePromptTemplateRequest>;

/** PATCH /prompt-templates/{id}: any subset; a new version when anything changed. */
export const UpdatePromptTemplateRequest = z
  .object({
    title: Title,
    description: Description,
    category_id: Id.nullable(),
    tags: Tags,
    body: Body,
  })
  .partial();
export type UpdatePromptTemplateRequest = z.input<typeof UpdatePromptTemplateRequest>;

/** POST /admin/prompt-templates: a library template, a draft until published. */
export const CreateLibraryTemplateRequest = PromptTemplateFields.extend({
  visibility: TemplateVisibility.default('private'),
  featured: z.boolean().default(false),
});
export type CreateLibraryTemplateRequest = z.input<typeof CreateLibraryTemplateRequest>;

/** PATCH /admin/prompt-templates/{id}: publish/unpublish and feature (no new version). */
export const UpdateLibraryTemplateRequest = z
  .object({ visibility: TemplateVisibility, featured: z.boolean() })
  .partial();
export type UpdateLibraryTemplateRequest = z.input<typeof UpdateLibraryTemplateRequest>;

export const PromptTemplateVersion = z.object({
  version: z.int().positive(),
  title: z.string(),
  description: z.string(),
  category_id: Id.nullable(),
  tags: z.array(z.string()),
  body: z.string(),
  created_at: IsoTimestamp,
});
export type PromptTemplateVersion = z.infer<typeof PromptTemplateVersion>;

export const PromptTemplateVersionList = z.object({
  versions: z.array(PromptTemplateVersion),
});
export type PromptTemplateVersionList = z.infer<typeof PromptTemplateVersionList>;

export const TemplateVersionParams = z.object({
  id: Id,
  version: z.coerce.number().int().positive(),
});

/** POST /prompt-templates/{id}/use: counts one use, answers the new count. */
export const PromptTemplateUseResponse = z.object({ use_count: z.int().nonnegative() });
export type PromptTemplateUseResponse = z.infer<typeof PromptTemplateUseResponse>;

export const FavouriteTemplateRequest = z.object({ favourite: z.boolean() });
export type FavouriteTemplateRequest = z.infer<typeof FavouriteTemplateRequest>;

/** One template in an export file: categories travel by name. */
export const ExportedPromptTemplate = z.object({
  title: Title,
  description: Description.default(''),
  category: z
    .string()
    .trim()
    .max(PROMPT_TEMPLATE_LIMITS.categoryNameMaxChars)
    .nullable()
    .default(null),
  tags: Tags.default([]),
  body: Body,
});
export type ExportedPromptTemplate = z.input<typeof ExportedPromptTemplate>;

export const PROMPT_TEMPLATE_EXPORT_FORMAT = 'parallax.prompt-templates';

/** GET /prompt-templates/export answers this; POST /prompt-templates/import takes it back. */
export const PromptTemplateExport = z.object({
  format: z.literal(PROMPT_TEMPLATE_EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: IsoTimestamp.optional(),
  templates: z.array(ExportedPromptTemplate).min(1).max(PROMPT_TEMPLATE_LIMITS.importMax),
});
export type PromptTemplateExport = z.input<typeof PromptTemplateExport>;

/** The export as answered (plain fields: response schemas stay encodable). */
export const PromptTemplateExportFile = z.object({
  format: z.literal(PROMPT_TEMPLATE_EXPORT_FORMAT),
  version: z.literal(1),
  exported_at: IsoTimestamp,
  templates: z.array(
    z.object({
      title: z.string(),
      description: z.string(),
      category: z.string().nullable(),
      tags: z.array(z.string()),
      body: z.string(),
    }),
  ),
});
export type PromptTemplateExportFile = z.infer<typeof PromptTemplateExportFile>;

export const PromptTemplateImportResponse = z.object({
  imported: z.int().nonnegative(),
  templates: z.array(PromptTemplate),
});
export type PromptTemplateImportResponse = z.infer<typeof PromptTemplateImportResponse>;

const CategoryName = z.string().trim().min(1).max(PROMPT_TEMPLATE_LIMITS.categoryNameMaxChars);

export const CategoryListResponse = z.object({ categories: z.array(PromptTemplateCategory) });
export type CategoryListResponse = z.infer<typeof CategoryListResponse>;

/** POST /admin/prompt-template-categories: added at the end. */
export const CreateCategoryRequest = z.object({ name: CategoryName });
export type CreateCategoryRequest = z.infer<typeof CreateCategoryRequest>;

export const RenameCategoryRequest = z.object({ name: CategoryName });
export type RenameCategoryRequest = z.infer<typeof RenameCategoryRequest>;

/** PUT /admin/prompt-template-categories/order: every category id, in the new order. */
export const ReorderCategoriesRequest = z.object({ ids: z.array(Id).min(1).max(200) });
export type ReorderCategoriesRequest = z.infer<typeof ReorderCategoriesRequest>;
