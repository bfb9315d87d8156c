import { SOURCE_ORDER, type TurnSource } from '../chat';
import type { PersonalizationService } from './personalization.service';

/** The account's custom instructions open its turns' system message (never a sealed turn's). */
export function customInstructions(service: PersonalizationService): TurnSource {
  return {
    name: 'custom-instructions',
    order: SOURCE_ORDER.account,
    provides: 'system',
    read: async (turn) => ({ system: await service.instructionsFor(turn) }),
  };
}

/** What the account asked to be remembered follows its instructions (never in a sealed turn). */
export function memory(service: PersonalizationService): TurnSource {
  return {
    name: 'memory',
    order: SOURCE_ORDER.memory,
    provides: 'system',
    read: async (turn) => ({ system: await service.memoryFor(turn) }),
  };
}
