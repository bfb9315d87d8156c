import { SOURCE_ORDER, type TurnSource } from '../chat';
import type { ProjectsService } from './projects.service';

/**
 * The instructions of the chat's project open its turns' system message. A send that starts a
 * chat in a project is refused (404) unless the project is the caller's.
 */
export function projectInstructions(projects: ProjectsService): TurnSource {
  return {
    name: 'project-instructions',
    order: SOURCE_ORDER.project,
    provides: 'system',
    check: async (send) => {
      // project_id places a new chat; an existing chat stays where it is.
      if (send.projectId !== null && send.conversation === null)
        await projects.assertOwned(send.owner, send.projectId);
      return null;
    },
    read: async (turn) => ({
      system: turn.projectId === null ? '' : await projects.instructionsOf(turn.projectId),
    }),
  };
}
