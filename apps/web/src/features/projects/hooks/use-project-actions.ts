import type {
  Conversation,
  CreateProjectRequest,
  DeleteProjectQuery,
  Project,
  UpdateProjectRequest,
} from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { setFavourite } from '../../favourites';
import { deleteProject } from '../api/delete-project';
import { moveChat } from '../api/move-chat';
import { projectsKey } from '../api/project-keys';
import { createProject, updateProject } from '../api/save-project';

const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * Every change to projects and to which project a chat is in; lists of projects and chats
 * refresh after each. Each action answers null (or false) after telling the user what failed.
 */
export function useProjectActions() {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: projectsKey });
    void queryClient.invalidateQueries({ queryKey: ['conversations'] });
  }, [queryClient]);

  const attempt = useCallback(
    async <T>(failure: string, run: () => Promise<T>): Promise<T | null> => {
      try {
        return await run();
      } catch (error) {
        toast.error(failure, reason(error));
        return null;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return {
    /** Stars or unstars one of the project's chats. */
    toggleFavourite: useCallback(
      (c: Pick<Conversation, 'id' | 'is_favourite'>): Promise<Conversation | null> =>
        attempt('Could not update favourites', () => setFavourite(c.id, !c.is_favourite)),
      [attempt],
    ),
    create: useCallback(
      (body: CreateProjectRequest): Promise<Project | null> =>
        attempt('Could not create the project', () => createProject(body)),
      [attempt],
    ),
    update: useCallback(
      (id: string, changes: UpdateProjectRequest): Promise<Project | null> =>
        attempt('Could not save the project', () => updateProject(id, changes)),
      [attempt],
    ),
    remove: useCallback(
      (id: string, chats: DeleteProjectQuery['chats']): Promise<number | null> =>
        attempt('Could not delete the project', () => deleteProject(id, chats)),
      [attempt],
    ),
    /** Moves a chat into a project, or out of its project with null. */
    move: useCallback(
      async (
        conversationId: string,
        project: Pick<Project, 'id' | 'name'> | null,
      ): Promise<boolean> => {
        const moved = await attempt('Could not move the chat', () =>
          moveChat(conversationId, project?.id ?? null),
        );
        if (moved) toast.success(project ? `Moved to ${project.name}` : 'Removed from the project');
        return moved !== null;
      },
      [attempt],
    ),
  };
}
