import type { PromptTemplate } from '@parallax/contract';
import { Copy, History, MoreHorizontal, Pencil, Play, Sparkles, Trash2 } from 'lucide-react';
import { Badge } from '../../../ui/badge';
import { Button, buttonClasses } from '../../../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu';
import { StarToggle } from '../../../ui/star-toggle';

export interface TemplateCardActions {
  onUse: (t: PromptTemplate) => void;
  onEdit: (t: PromptTemplate) => void;
  onCopy: (t: PromptTemplate) => void;
  onHistory: (t: PromptTemplate) => void;
  onDelete: (t: PromptTemplate) => void;
  onFavourite: (t: PromptTemplate) => void;
}

/** A template in the list: what it is for, its variables, and what can be done with it. */
export function TemplateCard({
  template: t,
  actions,
}: {
  template: PromptTemplate;
  actions: TemplateCardActions;
}) {
  return (
    <article
      className="flex h-full min-w-0 flex-col rounded-2xl border border-line bg-surface p-4 shadow-soft"
      aria-label={t.title}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold break-words">{t.title}</h2>
          {t.description && (
            <p className="mt-1 line-clamp-2 text-sm break-words text-fg-muted">{t.description}</p>
          )}
        </div>
        <StarToggle starred={t.favourite} name={t.title} onToggle={() => actions.onFavourite(t)} />
      </div>
      <div className="mt-3 flex flex-wrap gap-1.5">
        {t.featured && (
          <Badge tone="warning">
            <Sparkles className="size-3" aria-hidden /> Featured
          </Badge>
        )}
        {t.category && <Badge>{t.category}</Badge>}
        {t.library && t.visibility === 'private' && <Badge tone="danger">Draft</Badge>}
        {t.tags.map((tag) => (
          <Badge key={tag} className="max-w-full truncate">
            #{tag}
          </Badge>
        ))}
      </div>
      <p className="mt-3 text-xs text-fg-muted">
        {t.variables.length === 0
          ? 'No variables'
          : `Fill in: ${t.variables.map((v) => v.name).join(', ')}`}
        {' · '}
        {t.use_count === 1 ? 'used once' : `used ${t.use_count.toLocaleString('en-US')} times`}
        {' · '}v{t.version}
      </p>
      <div className="mt-auto flex items-center gap-2 pt-4">
        <Button size="sm" onClick={() => actions.onUse(t)} aria-label={`Use ${t.title}`}>
          <Play className="size-3.5" aria-hidden /> Use
        </Button>
        {t.can_edit ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => actions.onEdit(t)}
            aria-label={`Edit ${t.title}`}
          >
            <Pencil className="size-3.5" aria-hidden /> Edit
          </Button>
        ) : (
          <Button
            size="sm"
            variant="outline"
            onClick={() => actions.onCopy(t)}
            aria-label={`Copy to mine: ${t.title}`}
          >
            <Copy className="size-3.5" aria-hidden /> Copy to mine
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger
            aria-label={`More actions for ${t.title}`}
            className={buttonClasses('ghost', 'sm', 'ml-auto px-2')}
          >
            <MoreHorizontal className="size-4" aria-hidden />
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            <DropdownMenuItem icon={<History />} onSelect={() => actions.onHistory(t)}>
              Version history
            </DropdownMenuItem>
            {t.can_edit && !t.library && (
              <DropdownMenuItem icon={<Copy />} onSelect={() => actions.onCopy(t)}>
                Duplicate
              </DropdownMenuItem>
            )}
            {t.can_edit && !t.library && (
              <DropdownMenuItem icon={<Trash2 />} onSelect={() => actions.onDelete(t)}>
                Delete
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </article>
  );
}
