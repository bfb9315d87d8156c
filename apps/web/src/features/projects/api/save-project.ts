import type { CreateProjectRequest, Project, UpdateProjectRequest } from '@parallax/contract';
import { http, parseWire } from '../../../lib/http';

/** POST /projects. */
export async function createProject(body: CreateProjectRequest): Promise<Project> {
  const res = await http.post<unknown>('/projects', body);
  return parseWire('Project', res.data);
}

/** PATCH /projects/{id}: any of its fields, archived included. */
export async function updateProject(id: string, changes: UpdateProjectRequest): Promise<Project> {
  const res = await http.patch<unknown>(`/projects/${encodeURIComponent(id)}`, changes);
  return parseWire('Project', res.data);
}
