import type { PromptTemplateListQuery, PromptTemplateListResponse } from '@parallax/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';
import { templateListKey } from './template-keys';

/** GET /prompt-templates: one tab, filtered and sorted by the server. */
export async function listTemplates(
  query: PromptTemplateListQuery,
): Promise<PromptTemplateListResponse> {
  const params = Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  const res = await http.get<unknown>('/prompt-templates', { params });
  return parseWire('PromptTemplateListResponse', res.data);
}

/** A tab of templates; visitors only ever ask for the public one. */
export function useTemplates(query: PromptTemplateListQuery, enabled = true) {
  const { isAuthenticated } = useAuth();
  const effective = isAuthenticated ? query : { ...query, tab: 'public' as const };
  return useQuery({
    queryKey: templateListKey(effective, isAuthenticated),
    queryFn: () => listTemplates(effective),
    placeholderData: keepPreviousData,
    enabled,
  });
}
