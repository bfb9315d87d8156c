import type { Project } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth';
import { http, parseWire } from '../../../lib/http';
import { projectListKey } from './project-keys';

/** GET /projects: latest activity first; archived ones only when asked for. */
export async function listProjects(archived: boolean): Promise<Project[]> {
  const res = await http.get<unknown>('/projects', { params: { archived } });
  return parseWire('ProjectListResponse', res.data).projects;
}

/** The signed-in user's projects; visitors have none and ask nothing. */
export function useProjects(archived = false) {
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: projectListKey(archived),
    queryFn: () => listProjects(archived),
    enabled: isAuthenticated,
  });
}
