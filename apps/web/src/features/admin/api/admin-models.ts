import type { AdminModel, CreateModelRequest, UpdateModelRequest } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { useAuth } from '../../auth';

export const adminModelsKey = ['admin', 'models'] as const;

/** GET /admin/models: every model, disabled ones too. */
export async function listAdminModels(): Promise<AdminModel[]> {
  const res = await http.get<unknown>('/admin/models');
  return parseWire('AdminModelListResponse', res.data).models;
}

export function useAdminModels() {
  const { isAdmin } = useAuth();
  return useQuery({ queryKey: adminModelsKey, queryFn: listAdminModels, enabled: isAdmin });
}

/** POST /admin/models. */
export async function createModel(body: CreateModelRequest): Promise<AdminModel> {
  const res = await http.post<unknown>('/admin/models', body);
  return parseWire('AdminModel', res.data);
}

/** PATCH /admin/models/{id}. */
export async function updateModel(id: string, changes: UpdateModelRequest): Promise<AdminModel> {
  const res = await http.patch<unknown>(`/admin/models/${encodeURIComponent(id)}`, changes);
  return parseWire('AdminModel', res.data);
}
