import type { Plan } from '@parallax/contract';
import { ArrowDown, ArrowUp, Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { buttonClasses } from '../../../ui/button';
import { Badge } from '../../../ui/badge';
import { dailyMessagesText, formatPrice, perInterval } from '../../billing';

interface AdminPlanRowProps {
  plan: Plan;
  isFirst: boolean;
  isLast: boolean;
  busy: boolean;
  onEdit: () => void;
  onMove: (by: -1 | 1) => void;
  onArchive: (archived: boolean) => void;
}

/** One plan in /admin/plans: what it costs and allows, with edit, move and archive. */
export function AdminPlanRow({
  plan,
  isFirst,
  isLast,
  busy,
  onEdit,
  onMove,
  onArchive,
}: AdminPlanRowProps) {
  const icon = `${buttonClasses('ghost', 'icon')} shrink-0`;
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 shadow-soft sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold break-words">{plan.name}</h2>
          {plan.is_free && <Badge>Free plan</Badge>}
          {plan.archived && <Badge tone="warning">Archived</Badge>}
        </div>
        <p className="mt-1 text-sm text-fg-muted">
          {formatPrice(plan.price, plan.currency)} {plan.is_free ? '' : perInterval(plan.interval)}
          {' · '}
          {dailyMessagesText(plan.daily_message_limit)} · {plan.compare_panels} panels ·{' '}
          {plan.api_access ? 'API' : 'no API'}
          {plan.allowed_models ? ` · ${plan.allowed_models.length} models` : ''}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={icon}
          aria-label={`Move ${plan.name} up`}
          disabled={isFirst || busy}
          onClick={() => onMove(-1)}
        >
          <ArrowUp className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={icon}
          aria-label={`Move ${plan.name} down`}
          disabled={isLast || busy}
          onClick={() => onMove(1)}
        >
          <ArrowDown className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={buttonClasses('outline', 'sm')}
          aria-label={`Edit ${plan.name}`}
          onClick={onEdit}
          disabled={busy}
        >
          <Pencil className="size-4" aria-hidden /> Edit
        </button>
        {!plan.is_free && (
          <button
            type="button"
            className={buttonClasses('ghost', 'sm')}
            onClick={() => onArchive(!plan.archived)}
            disabled={busy}
          >
            {plan.archived ? (
              <>
                <ArchiveRestore className="size-4" aria-hidden /> Restore
              </>
            ) : (
              <>
                <Archive className="size-4" aria-hidden /> Archive
              </>
            )}
          </button>
        )}
      </div>
    </div>
  );
}
