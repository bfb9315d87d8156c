import type { ModelInfo } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

/** GET /api/v1/models: what the caller may use, unavailable ones with the reason. */
export async function getModels(): Promise<ModelInfo[]> {
  const res = await http.get<unknown>('/models');
  return parseWire('ModelsResponse', res.data).models;
}

export function useModels() {
  return useQuery({ queryKey: ['models'], queryFn: getModels });
}
