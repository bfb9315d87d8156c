import type { ModelsResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { parseWire } from '../../auth';

export type ModelOption = ModelsResponse['models'][number];

/** GET /api/v1/models: what the caller may use. */
export async function getModels(): Promise<ModelOption[]> {
  const res = await http.get<unknown>('/models');
  return parseWire('ModelsResponse', res.data).models;
}

/** The models for the default-model picker; callers hide the picker while there are none. */
export function useModels() {
  return useQuery({ queryKey: ['models'], queryFn: getModels, retry: false });
}
