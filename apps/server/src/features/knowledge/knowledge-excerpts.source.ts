import { SOURCE_ORDER, type TurnSource } from '../chat';
import type { KnowledgeService } from './knowledge.service';

/**
 * The excerpts of the files of a turn's project that best match it. Registered on
 * app.turnSources: adding it changed nothing in chat.
 */
export function knowledgeExcerpts(knowledge: KnowledgeService): TurnSource {
  return {
    name: 'knowledge-excerpts',
    order: SOURCE_ORDER.excerpts,
    provides: 'excerpts',
    read: async (turn) => ({ excerpts: await knowledge.excerptsFor(turn.projectId, turn.content) }),
  };
}
