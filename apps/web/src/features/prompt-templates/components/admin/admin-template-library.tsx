import type { PromptTemplate, PromptTemplateCategory } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { LibraryBig, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../ui/button';
import { ConfirmDialog } from '../../../../ui/confirm-dialog';
import { EmptyState } from '../../../../ui/empty-state';
import { Input } from '../../../../ui/input';
import { LoadFailed } from '../../../../ui/load-failed';
import { Skeleton } from '../../../../ui/skeleton';
import { toast } from '../../../../ui/toast/toast-store';
import {
  createCategory,
  createLibraryTemplate,
  deleteCategory,
  renameCategory,
  reorderCategories,
  setLibraryState,
  useLibrary,
} from '../../api/admin-library';
import { updateTemplate } from '../../api/save-template';
import { templatesKey } from '../../api/template-keys';
import {
  EMPTY_TEMPLATE,
  TemplateEditorDialog,
  type TemplateFormValues,
} from '../template-editor-dialog';
import { AdminCategoriesPanel } from './admin-categories-panel';
import { AdminLibraryRow } from './admin-library-row';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

type Editing = { id: string | null; initial: TemplateFormValues } | null;

/** The public library as admins curate it: templates (drafts too) and categories. */
export function AdminTemplateLibrary() {
  const library = useLibrary();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [query, setQuery] = useState('');
  const [removing, setRemoving] = useState<PromptTemplateCategory | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: templatesKey });

  const attempt = async <T,>(failure: string, run: () => Promise<T>): Promise<T | null> => {
    try {
      return await run();
    } catch (error) {
      toast.error(failure, reason(error));
      return null;
    } finally {
      refresh();
    }
  };
  const setState = (
    t: PromptTemplate,
    changes: { visibility?: 'public' | 'private'; featured?: boolean },
  ) =>
    void attempt('Could not change the template', () => setLibraryState(t.id, changes)).then(
      (done) => {
        if (done && changes.visibility)
          toast.success(
            changes.visibility === 'public' ? `Published “${t.title}”` : `Unpublished “${t.title}”`,
          );
      },
    );

  const data = library.data;
  const categories = data?.categories ?? [];
  const needle = query.trim().toLowerCase();
  const list = (data?.templates ?? []).filter(
    (t) => !needle || t.title.toLowerCase().includes(needle),
  );

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <section aria-labelledby="admin-library" className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="admin-library" className="text-lg font-semibold">
            Library templates
          </h2>
          <Button onClick={() => setEditing({ id: null, initial: EMPTY_TEMPLATE })}>
            <Plus className="size-4" aria-hidden /> New library template
          </Button>
        </div>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
            aria-hidden
          />
          <Input
            type="search"
            aria-label="Search library templates"
            placeholder="Search by title"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-10 pl-9"
          />
        </div>
        {library.isLoading ? (
          <Skeleton className="h-64 rounded-2xl" />
        ) : library.error ? (
          <LoadFailed
            icon={LibraryBig}
            title="The library could not be loaded"
            error={library.error}
            onRetry={() => void library.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState icon={LibraryBig} title="No library templates match" />
        ) : (
          <ul className="space-y-2" aria-label="Library templates">
            {list.map((t) => (
              <AdminLibraryRow
                key={t.id}
                template={t}
                onEdit={() =>
                  setEditing({
                    id: t.id,
                    initial: {
                      title: t.title,
                      description: t.description,
                      category_id: t.category_id,
                      tags: t.tags,
                      body: t.body,
                    },
                  })
                }
                onPublish={(publish) => setState(t, { visibility: publish ? 'public' : 'private' })}
                onFeature={(featured) => setState(t, { featured })}
              />
            ))}
          </ul>
        )}
      </section>

      <AdminCategoriesPanel
        categories={categories}
        onCreate={async (name) =>
          (await attempt('Could not add the category', () => createCategory(name))) !== null
        }
        onRename={async (id, name) =>
          (await attempt('Could not rename the category', () => renameCategory(id, name))) !== null
        }
        onDelete={setRemoving}
        onReorder={(ids) => void attempt('Could not reorder', () => reorderCategories(ids))}
      />

      <TemplateEditorDialog
        open={editing !== null}
        heading={editing?.id ? 'Edit library template' : 'New library template'}
        initial={editing?.initial ?? EMPTY_TEMPLATE}
        categories={categories}
        onCancel={() => setEditing(null)}
        onSave={async (values) => {
          try {
            if (editing?.id) await updateTemplate(editing.id, values);
            else await createLibraryTemplate(values);
            toast.success(
              editing?.id ? 'Saved as a new version' : 'Draft created: publish it when ready',
            );
            setEditing(null);
            return null;
          } catch (error) {
            return reason(error);
          } finally {
            refresh();
          }
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Delete this category?"
        description={`Templates in “${removing?.name ?? ''}” stay, without a category.`}
        confirmLabel="Delete"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const category = removing;
          setRemoving(null);
          if (category)
            void attempt('Could not delete the category', () => deleteCategory(category.id));
        }}
      />
    </div>
  );
}
