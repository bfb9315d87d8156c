import type {
  CreatePromptTemplateRequest,
  PromptTemplate,
  UpdatePromptTemplateRequest,
} from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

const at = (id: string) => `/prompt-templates/${encodeURIComponent(id)}`;

/** POST /prompt-templates: a new private template (version 1). */
export async function createTemplate(body: CreatePromptTemplateRequest): Promise<PromptTemplate> {
  const res = await http.post<unknown>('/prompt-templates', body);
  return parseWire('PromptTemplate', res.data);
}

/** PATCH /prompt-templates/{id}: saved as a new version. */
export async function updateTemplate(
  id: string,
  changes: UpdatePromptTemplateRequest,
): Promise<PromptTemplate> {
  const res = await http.patch<unknown>(at(id), changes);
  return parseWire('PromptTemplate', res.data);
}

export async function deleteTemplate(id: string): Promise<void> {
  await http.delete<unknown>(at(id));
}

/** POST /prompt-templates/{id}/copy: a private copy of a public template or of one's own. */
export async function copyTemplate(id: string): Promise<PromptTemplate> {
  const res = await http.post<unknown>(`${at(id)}/copy`);
  return parseWire('PromptTemplate', res.data);
}

export async function setTemplateFavourite(
  id: string,
  favourite: boolean,
): Promise<PromptTemplate> {
  const res = await http.put<unknown>(`${at(id)}/favourite`, { favourite });
  return parseWire('PromptTemplate', res.data);
}

/** POST /prompt-templates/{id}/versions/{n}/restore: that content becomes the newest version. */
export async function restoreTemplateVersion(id: string, version: number): Promise<PromptTemplate> {
  const res = await http.post<unknown>(`${at(id)}/versions/${version}/restore`);
  return parseWire('PromptTemplate', res.data);
}

/** POST /prompt-templates/{id}/use: one more use; answers the new count. */
export async function countTemplateUse(id: string): Promise<number> {
  const res = await http.post<unknown>(`${at(id)}/use`);
  return parseWire('PromptTemplateUseResponse', res.data).use_count;
}
