import type { PromptTemplateVersion } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { templateVersionsKey } from './template-keys';

/** GET /prompt-templates/{id}/versions: newest first. */
export async function listTemplateVersions(id: string): Promise<PromptTemplateVersion[]> {
  const res = await http.get<unknown>(`/prompt-templates/${encodeURIComponent(id)}/versions`);
  return parseWire('PromptTemplateVersionList', res.data).versions;
}

export function useTemplateVersions(id: string | null) {
  return useQuery({
    queryKey: templateVersionsKey(id ?? ''),
    queryFn: () => listTemplateVersions(id ?? ''),
    enabled: id !== null,
  });
}
