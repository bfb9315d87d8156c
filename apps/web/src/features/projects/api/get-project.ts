import type { Project } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { projectKey } from './project-keys';

/** GET /projects/{id}. */
export async function getProject(id: string): Promise<Project> {
  const res = await http.get<unknown>(`/projects/${encodeURIComponent(id)}`);
  return parseWire('Project', res.data);
}

export function useProject(id: string | null) {
  return useQuery({
    queryKey: projectKey(id ?? ''),
    queryFn: () => getProject(id ?? ''),
    enabled: id !== null && id !== '',
  });
}
