import {
  PROMPT_TEMPLATE_LIMITS,
  parseTemplateBody,
  type PromptTemplate,
  type PromptTemplateVersion,
  type TemplateSort,
  type TemplateTab,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { TemplateRow, VersionFields } from './prompt-templates.repository';

/* The service's vocabulary: who asks, what a save writes, and rows as the contract shows them. */

export const TEMPLATE_NOT_FOUND = 'Prompt template not found';
export const SIGN_IN_REQUIRED = 'Please sign in to continue.';

/** Who is asking: a signed-in user (maybe an admin), or a visitor / nobody (userId null). */
export interface Viewer {
  userId: string | null;
  admin: boolean;
}

/** The fields one save writes, already validated by the contract. */
export interface TemplateFields {
  title: string;
  description: string;
  category_id: string | null;
  tags: string[];
  body: string;
}

export interface ListOptions {
  tab: TemplateTab | 'library';
  q?: string | undefined;
  category_id?: string | undefined;
  tag?: string | undefined;
  sort: TemplateSort;
}

export function parseTags(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

export function canEdit(viewer: Viewer, row: TemplateRow): boolean {
  return row.owner_id === null ? viewer.admin : row.owner_id === viewer.userId;
}

export function toTemplate(row: TemplateRow, viewer: Viewer): PromptTemplate {
  const parsed = parseTemplateBody(row.body);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category_id: row.category_id,
    category: row.category_name,
    tags: parseTags(row.tags),
    body: row.body,
    visibility: row.visibility === 'public' ? 'public' : 'private',
    featured: row.featured === 1,
    library: row.owner_id === null,
    can_edit: canEdit(viewer, row),
    favourite: row.favourite > 0,
    use_count: row.use_count,
    version: row.version,
    variables: parsed.variables,
    problems: parsed.problems,
    copied_from: row.copied_from,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toVersion(v: VersionFields): PromptTemplateVersion {
  return {
    version: Number(v.version),
    title: v.title,
    description: v.description,
    category_id: v.category_id,
    tags: parseTags(v.tags),
    body: v.body,
    created_at: v.created_at,
  };
}

export function matches(t: PromptTemplate, q: string): boolean {
  const needle = q.toLowerCase();
  return [t.title, t.description, t.body, t.category ?? '', ...t.tags].some((field) =>
    field.toLowerCase().includes(needle),
  );
}

/** Refuses a body the library cannot fill in: conflicting definitions or too many variables. */
export function checkBody(body: string): void {
  const parsed = parseTemplateBody(body);
  const conflict = parsed.conflicts[0];
  if (conflict) throw new AppError('validation_error', `body: ${conflict.message}`);
  if (parsed.variables.length >= PROMPT_TEMPLATE_LIMITS.variablesMax)
    throw new AppError(
      'validation_error',
      `body: has ${parsed.variables.length} variables; a template may have at most ${PROMPT_TEMPLATE_LIMITS.variablesMax - 1}.`,
    );
}
