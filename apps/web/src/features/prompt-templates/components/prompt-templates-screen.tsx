import type { PromptTemplate, TemplateTab } from '@parallax/contract';
import { LayoutTemplate, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { useAuth } from '../../auth';
import { useTemplates } from '../api/list-templates';
import { useTemplateActions } from '../hooks/use-template-actions';
import { templateDraftOf } from '../template-draft';
import { SignUpPrompt } from './sign-up-prompt';
import { SyntaxHelp } from './syntax-help';
import { TemplateCard, type TemplateCardActions } from './template-card';
import {
  EMPTY_TEMPLATE,
  TemplateEditorDialog,
  type TemplateFormValues,
} from './template-editor-dialog';
import { TemplateFillDialog } from './template-fill-dialog';
import { TemplateFilters, type FilterValues } from './template-filters';
import { TemplateTransferButtons } from './template-transfer-buttons';
import { VersionHistoryDialog } from './version-history-dialog';

const TABS: ReadonlyArray<{ id: TemplateTab; label: string }> = [
  { id: 'mine', label: 'My templates' },
  { id: 'public', label: 'Public library' },
  { id: 'favourites', label: 'Favourites' },
];

const EMPTY_TEXT: Record<TemplateTab, { title: string; description: string }> = {
  mine: {
    title: 'No templates of your own yet',
    description: 'Write one, or copy one from the public library and make it yours.',
  },
  public: { title: 'No public templates match', description: 'Try other words or filters.' },
  favourites: {
    title: 'No favourite templates',
    description: 'Star a template to keep it here.',
  },
};

type Editing = { id: string | null; initial: TemplateFormValues } | null;

/** /prompt-templates: the user's templates and the public library, to write, find and use. */
export function PromptTemplatesScreen() {
  const { isAuthenticated } = useAuth();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const requested = params.get('tab');
  const tab: TemplateTab =
    isAuthenticated && (requested === 'mine' || requested === 'favourites') ? requested : 'public';
  const [filters, setFilters] = useState<FilterValues>({
    q: '',
    category: '',
    tag: '',
    sort: 'recent',
  });
  const q = useDebouncedValue(filters.q.trim(), 250);
  const templates = useTemplates({
    tab,
    q,
    category_id: filters.category || undefined,
    tag: filters.tag || undefined,
    sort: filters.sort,
  });
  const actions = useTemplateActions();
  const [editing, setEditing] = useState<Editing>(null);
  const [using, setUsing] = useState<PromptTemplate | null>(null);
  const [history, setHistory] = useState<PromptTemplate | null>(null);
  const [deleting, setDeleting] = useState<PromptTemplate | null>(null);
  const [askSignUp, setAskSignUp] = useState(false);

  // "Save as template" elsewhere lands here with a draft: open it in a new template's editor.
  const draft = useMemo(() => templateDraftOf(location.state), [location.state]);
  useEffect(() => {
    if (!draft) return;
    setEditing({ id: null, initial: { ...EMPTY_TEMPLATE, ...draft } });
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [draft, navigate, location.pathname, location.search]);

  const needAccount = (run: () => void) => () => (isAuthenticated ? run() : setAskSignUp(true));
  const selectTab = (next: TemplateTab) => {
    if (next !== 'public' && !isAuthenticated) return setAskSignUp(true);
    setParams(next === 'public' ? {} : { tab: next }, { replace: true });
  };
  const cardActions: TemplateCardActions = {
    onUse: setUsing,
    onEdit: (t) =>
      setEditing({
        id: t.id,
        initial: {
          title: t.title,
          description: t.description,
          category_id: t.category_id,
          tags: t.tags,
          body: t.body,
        },
      }),
    onCopy: (t) => needAccount(() => void actions.copy(t))(),
    onHistory: setHistory,
    onDelete: setDeleting,
    onFavourite: (t) => needAccount(() => void actions.favourite(t))(),
  };

  const data = templates.data;
  const list = data?.templates ?? [];
  const newButton = (
    <Button onClick={needAccount(() => setEditing({ id: null, initial: EMPTY_TEMPLATE }))}>
      <Plus className="size-4" aria-hidden /> New template
    </Button>
  );

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">Prompt templates</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Reusable prompts with blanks to fill in. Type / at the start of a message to use one.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAuthenticated && <TemplateTransferButtons onImported={() => selectTab('mine')} />}
          {newButton}
        </div>
      </div>

      <div role="tablist" aria-label="Templates" className="mb-4 flex gap-1 overflow-x-auto">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => selectTab(t.id)}
            className={cn(
              'shrink-0 rounded-lg px-3 py-1.5 text-sm font-medium',
              tab === t.id
                ? 'bg-accent-soft text-accent-soft-fg'
                : 'text-fg-muted hover:bg-surface-2',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div className="mb-4 space-y-3">
        <TemplateFilters
          values={filters}
          onChange={setFilters}
          categories={data?.categories ?? []}
          tags={data?.tags ?? []}
        />
        <SyntaxHelp />
      </div>

      <div role="tabpanel" aria-label={TABS.find((t) => t.id === tab)?.label}>
        {templates.isLoading ? (
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-44 rounded-2xl" />
            ))}
          </div>
        ) : templates.error && !data ? (
          <LoadFailed
            icon={LayoutTemplate}
            title="The templates could not be loaded"
            error={templates.error}
            onRetry={() => void templates.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={LayoutTemplate}
            title={EMPTY_TEXT[tab].title}
            description={EMPTY_TEXT[tab].description}
            action={tab === 'mine' ? newButton : undefined}
          />
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
            {list.map((t) => (
              <li key={t.id} className="min-w-0">
                <TemplateCard template={t} actions={cardActions} />
              </li>
            ))}
          </ul>
        )}
      </div>

      <TemplateEditorDialog
        open={editing !== null}
        heading={editing?.id ? 'Edit template' : 'New template'}
        initial={editing?.initial ?? EMPTY_TEMPLATE}
        categories={data?.categories ?? []}
        onCancel={() => setEditing(null)}
        onSave={async (values) => {
          const failed = await actions.save(editing?.id ?? null, values);
          if (failed === null) {
            if (!editing?.id) selectTab('mine');
            setEditing(null);
          }
          return failed;
        }}
      />
      <TemplateFillDialog
        template={using}
        onClose={() => setUsing(null)}
        onDone={(t, text, action) => {
          setUsing(null);
          actions.use(t, text, action);
        }}
      />
      <VersionHistoryDialog
        template={history}
        onClose={() => setHistory(null)}
        onRestore={async (version) => {
          if (!history) return;
          const restored = await actions.restore(history, version);
          if (restored) setHistory(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this template?"
        description={`“${deleting?.title ?? ''}” and all its versions will be deleted.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void actions.remove(deleting);
          setDeleting(null);
        }}
      />
      <SignUpPrompt open={askSignUp} onClose={() => setAskSignUp(false)} />
    </div>
  );
}
