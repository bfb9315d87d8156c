import type {
  GeneratorInstructionsResponse,
  UpdateGeneratorInstructionsRequest,
} from '@parallax/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, parseWire } from '../../../lib/http';
import { INSTRUCTIONS_PATH } from './get-instructions';
import { generatorInstructionsKey } from './generator-keys';

/** PUT /admin/prompt-generator/instructions: the text becomes the next version. */
export async function saveGeneratorInstructions(
  body: UpdateGeneratorInstructionsRequest,
): Promise<GeneratorInstructionsResponse> {
  const res = await http.put<unknown>(INSTRUCTIONS_PATH, body);
  return parseWire('GeneratorInstructionsResponse', res.data);
}

export function useSaveGeneratorInstructions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGeneratorInstructions,
    onSuccess: (data) => queryClient.setQueryData(generatorInstructionsKey, data),
  });
}
