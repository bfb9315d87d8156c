import type { PromptTemplate } from '@parallax/contract';
import { Eye, EyeOff, Pencil, Sparkles } from 'lucide-react';
import { Badge } from '../../../../ui/badge';
import { Button } from '../../../../ui/button';

/** One library template on the admin page: its state and the curation actions. */
export function AdminLibraryRow({
  template: t,
  onEdit,
  onPublish,
  onFeature,
}: {
  template: PromptTemplate;
  onEdit: () => void;
  onPublish: (publish: boolean) => void;
  onFeature: (featured: boolean) => void;
}) {
  const published = t.visibility === 'public';
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface p-3">
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium break-words">{t.title}</p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          <Badge tone={published ? 'success' : 'danger'}>{published ? 'Published' : 'Draft'}</Badge>
          {t.featured && (
            <Badge tone="warning">
              <Sparkles className="size-3" aria-hidden /> Featured
            </Badge>
          )}
          {t.category && <Badge>{t.category}</Badge>}
          <span className="text-xs text-fg-muted">
            used {t.use_count.toLocaleString('en-US')} · v{t.version}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap gap-1.5">
        <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${t.title}`}>
          <Pencil className="size-3.5" aria-hidden /> Edit
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-pressed={t.featured}
          aria-label={t.featured ? `Unfeature ${t.title}` : `Feature ${t.title}`}
          onClick={() => onFeature(!t.featured)}
        >
          <Sparkles className="size-3.5" aria-hidden /> {t.featured ? 'Unfeature' : 'Feature'}
        </Button>
        <Button
          size="sm"
          variant={published ? 'ghost' : 'primary'}
          aria-label={published ? `Unpublish ${t.title}` : `Publish ${t.title}`}
          onClick={() => onPublish(!published)}
        >
          {published ? (
            <EyeOff className="size-3.5" aria-hidden />
          ) : (
            <Eye className="size-3.5" aria-hidden />
          )}
          {published ? 'Unpublish' : 'Publish'}
        </Button>
      </div>
    </li>
  );
}
