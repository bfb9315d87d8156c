import type { GeneratorInstructionsResponse } from '@parallax/contract';
import { useQuery } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { generatorInstructionsKey } from './generator-keys';

export const INSTRUCTIONS_PATH = '/admin/prompt-generator/instructions';

/** GET /admin/prompt-generator/instructions (admins only). */
export async function getGeneratorInstructions(): Promise<GeneratorInstructionsResponse> {
  const res = await http.get<unknown>(INSTRUCTIONS_PATH);
  return parseWire('GeneratorInstructionsResponse', res.data);
}

export function useGeneratorInstructions() {
  return useQuery({ queryKey: generatorInstructionsKey, queryFn: getGeneratorInstructions });
}
