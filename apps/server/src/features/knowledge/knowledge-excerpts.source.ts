import type { TurnSource } from '../chat';
import type { KnowledgeService } from './knowledge.service';

/**
 * The excerpts of the project's files that best match a turn: of the stored chat's project, or
 * of the project a new chat is being started in. Registered on app.turnSources.
 */
export function knowledgeExcerpts(knowledge: KnowledgeService): TurnSource {
  return {
    name: 'knowledge-excerpts',
    provides: 'excerpts',
    read: async (turn) => ({ excerpts: await knowledge.excerptsFor(turn, turn.content) }),
  };
}
