import type { PromptTemplateListQuery } from '@parallax/contract';

/** Query keys of prompt templates: every change invalidates ['prompt-templates']. */
export const templatesKey = ['prompt-templates'] as const;
export const templateListKey = (query: PromptTemplateListQuery, signedIn: boolean) =>
  ['prompt-templates', 'list', signedIn, query] as const;
export const templateVersionsKey = (id: string) => ['prompt-templates', 'versions', id] as const;
export const libraryListKey = ['prompt-templates', 'library'] as const;
