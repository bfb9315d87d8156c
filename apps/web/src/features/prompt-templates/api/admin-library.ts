import type {
  CreateLibraryTemplateRequest,
  PromptTemplate,
  PromptTemplateCategory,
  PromptTemplateListResponse,
  UpdateLibraryTemplateRequest,
} from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { libraryListKey } from './template-keys';

/** GET /admin/prompt-templates: every library template, drafts included. */
export async function listLibrary(): Promise<PromptTemplateListResponse> {
  const res = await http.get<unknown>('/admin/prompt-templates', { params: { sort: 'recent' } });
  return parseWire('PromptTemplateListResponse', res.data);
}

export function useLibrary() {
  return useQuery({ queryKey: libraryListKey, queryFn: listLibrary });
}

export async function createLibraryTemplate(
  body: CreateLibraryTemplateRequest,
): Promise<PromptTemplate> {
  const res = await http.post<unknown>('/admin/prompt-templates', body);
  return parseWire('PromptTemplate', res.data);
}

/** PATCH /admin/prompt-templates/{id}: publish, unpublish, feature. */
export async function setLibraryState(
  id: string,
  changes: UpdateLibraryTemplateRequest,
): Promise<PromptTemplate> {
  const res = await http.patch<unknown>(
    `/admin/prompt-templates/${encodeURIComponent(id)}`,
    changes,
  );
  return parseWire('PromptTemplate', res.data);
}

export async function createCategory(name: string): Promise<PromptTemplateCategory> {
  const res = await http.post<unknown>('/admin/prompt-template-categories', { name });
  return parseWire('PromptTemplateCategory', res.data);
}

export async function renameCategory(id: string, name: string): Promise<PromptTemplateCategory> {
  const res = await http.patch<unknown>(
    `/admin/prompt-template-categories/${encodeURIComponent(id)}`,
    { name },
  );
  return parseWire('PromptTemplateCategory', res.data);
}

export async function deleteCategory(id: string): Promise<void> {
  await http.delete<unknown>(`/admin/prompt-template-categories/${encodeURIComponent(id)}`);
}

export async function reorderCategories(ids: string[]): Promise<PromptTemplateCategory[]> {
  const res = await http.put<unknown>('/admin/prompt-template-categories/order', { ids });
  return parseWire('CategoryListResponse', res.data).categories;
}
