import { AppError } from '../../infra/errors';
import { SOURCE_ORDER, type SendFacts, type TurnPin, type TurnSource } from '../chat';
import type { PromptGeneratorService } from './prompt-generator.service';

/**
 * A prompt generator turn (a send with prompt_generator_id, or any turn of a generator chat)
 * opens with the generator's current instructions, pinned: the turn records their version and
 * a retry reads the same. An unknown generator is a 404; a generator id on another kind of chat
 * is refused.
 */
export function generatorInstructions(generator: PromptGeneratorService): TurnSource {
  const check = async (send: SendFacts): Promise<TurnPin | null> => {
    if (send.promptGeneratorId !== null) {
      if (send.comparisonId !== null)
        throw new AppError(
          'validation_error',
          'prompt_generator_id: a comparison cannot be a prompt generator session.',
        );
      if (send.projectId !== null)
        throw new AppError(
          'validation_error',
          'prompt_generator_id: a prompt generator session cannot be in a project.',
        );
      if (send.conversation && send.conversation.kind !== 'prompt_generator')
        throw new AppError(
          'validation_error',
          'prompt_generator_id: the conversation is not a prompt generator session.',
        );
      return generator.current(send.promptGeneratorId);
    }
    return send.conversation?.kind === 'prompt_generator' ? generator.current() : null;
  };
  return {
    name: 'generator-instructions',
    order: SOURCE_ORDER.project,
    provides: 'system',
    pins: true,
    check,
    read: async (turn) =>
      turn.pin === null
        ? {}
        : { system: turn.pin.body ?? (await generator.bodyOf(turn.pin.version)) },
  };
}
