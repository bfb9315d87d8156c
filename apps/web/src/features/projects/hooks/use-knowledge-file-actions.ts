import { KNOWLEDGE_LIMITS, type KnowledgeFile } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '../../../ui/toast/toast-store';
import { deleteKnowledgeFile } from '../api/delete-knowledge-file';
import { knowledgeFilesKey } from '../api/project-keys';
import { uploadKnowledgeFiles } from '../api/upload-knowledge-files';

const MAX_MB = KNOWLEDGE_LIMITS.maxFileBytes / (1024 * 1024);
const reason = (error: unknown) => (error instanceof Error ? error.message : undefined);

/**
 * What the limits would refuse, said before the bytes travel (the server checks again and has
 * the last word): null when the files may go.
 */
export function refusalOf(files: readonly File[], present: number): string | null {
  const room = KNOWLEDGE_LIMITS.maxFilesPerProject - present;
  if (files.length > room)
    return room <= 0
      ? `This project already holds ${KNOWLEDGE_LIMITS.maxFilesPerProject} files. Delete one to add another.`
      : `A project holds at most ${KNOWLEDGE_LIMITS.maxFilesPerProject} files: ${room} more can be added.`;
  const big = files.find((file) => file.size > KNOWLEDGE_LIMITS.maxFileBytes);
  if (big) return `${big.name} is larger than ${MAX_MB} MB.`;
  const empty = files.find((file) => file.size === 0);
  if (empty) return `${empty.name} is empty.`;
  return null;
}

/** Adding and deleting a project's files; the list refreshes after each, failures are toasts. */
export function useKnowledgeFileActions(projectId: string) {
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: knowledgeFilesKey(projectId) }),
    [queryClient, projectId],
  );

  const upload = useCallback(
    async (files: readonly File[], present: number): Promise<void> => {
      if (files.length === 0) return;
      const refused = refusalOf(files, present);
      if (refused) {
        toast.error('Could not add the files', refused);
        return;
      }
      setUploading(true);
      try {
        await uploadKnowledgeFiles(projectId, files);
      } catch (error) {
        toast.error('Could not add the files', reason(error));
      } finally {
        setUploading(false);
        await refresh();
      }
    },
    [projectId, refresh],
  );

  const remove = useCallback(
    async (file: KnowledgeFile): Promise<void> => {
      try {
        await deleteKnowledgeFile(projectId, file.id);
        toast.success(`Deleted ${file.filename}`);
      } catch (error) {
        toast.error('Could not delete the file', reason(error));
      } finally {
        await refresh();
      }
    },
    [projectId, refresh],
  );

  return { upload, remove, uploading };
}
