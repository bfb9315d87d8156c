import type { PromptTemplate } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../../ui/toast/toast-store';
import { NEW_THREAD, setDraftOf } from '../../chat';
import { templatesKey } from '../api/template-keys';
import {
  copyTemplate,
  countTemplateUse,
  createTemplate,
  deleteTemplate,
  restoreTemplateVersion,
  setTemplateFavourite,
  updateTemplate,
} from '../api/save-template';
import type { TemplateFormValues } from '../components/template-editor-dialog';
import type { FillAction } from '../components/template-fill-form';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/** Every change to templates; lists refresh after each. Failures are told in a toast. */
export function useTemplateActions() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: templatesKey }),
    [queryClient],
  );

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

  /** Saves (create or a new version); answers the error text to show in the form, or null. */
  const save = useCallback(
    async (id: string | null, values: TemplateFormValues): Promise<string | null> => {
      try {
        if (id) await updateTemplate(id, values);
        else await createTemplate(values);
        toast.success(id ? 'Template saved as a new version' : 'Template created');
        return null;
      } catch (error) {
        return reason(error);
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return {
    save,
    remove: (t: PromptTemplate) =>
      attempt('Could not delete the template', () => deleteTemplate(t.id)).then((done) => {
        if (done !== null) toast.success(`Deleted “${t.title}”`);
      }),
    copy: (t: PromptTemplate) =>
      attempt('Could not copy the template', () => copyTemplate(t.id)).then((copy) => {
        if (copy) toast.success(`“${copy.title}” is now in My templates`);
        return copy;
      }),
    favourite: (t: PromptTemplate) =>
      attempt('Could not change the favourite', () => setTemplateFavourite(t.id, !t.favourite)),
    restore: (t: PromptTemplate, version: number) =>
      attempt('Could not restore the version', () => restoreTemplateVersion(t.id, version)).then(
        (restored) => {
          if (restored) toast.success(`Version ${version} restored as version ${restored.version}`);
          return restored;
        },
      ),
    /** Counts the use, puts the text in a new chat's box and opens it (sending it if asked). */
    use: (t: Pick<PromptTemplate, 'id'>, text: string, action: FillAction) => {
      void countTemplateUse(t.id).then(refresh, () => undefined);
      setDraftOf(NEW_THREAD, text);
      void navigate('/', { state: { focusComposer: true, sendDraft: action === 'send' } });
    },
  };
}
