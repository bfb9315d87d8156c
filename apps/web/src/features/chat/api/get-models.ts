import type { ModelsResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';

/** GET /api/v1/models: what the caller may use, unavailable ones with the reason. */
export async function getModels(): Promise<ModelsResponse> {
  const res = await http.get<unknown>('/models');
  return parseWire('ModelsResponse', res.data);
}

const selectModels = (response: ModelsResponse) => response.models;
const selectDefault = (response: ModelsResponse) => response.default_model;

export function useModels() {
  return useQuery({ queryKey: ['models'], queryFn: getModels, select: selectModels });
}

/** The admin's default model for a new chat, null when none is set (or the caller cannot use it). */
export function useServerDefaultModel() {
  return useQuery({ queryKey: ['models'], queryFn: getModels, select: selectDefault });
}
