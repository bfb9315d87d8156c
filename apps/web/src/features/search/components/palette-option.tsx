import { CONVERSATION_DEFAULT_TITLE } from '@parallax/contract';
import { MessagesSquare } from 'lucide-react';
import { formatWhen } from '../../../lib/format-when';
import type { PaletteItem } from '../model/palette-items';
import { HitSummary } from './hit-summary';

const ICON_BOX =
  'grid size-8 shrink-0 place-items-center rounded-lg border border-line bg-surface text-fg-muted';

/** What one palette row shows: a search hit, a recent chat, or an action. */
export function PaletteOption({ item }: { item: PaletteItem }) {
  if (item.kind === 'hit') return <HitSummary hit={item.hit} />;
  if (item.kind === 'chat') {
    const c = item.conversation;
    return (
      <>
        <span className={ICON_BOX}>
          <MessagesSquare className="size-4" aria-hidden />
        </span>
        <span className="min-w-0 flex-1 self-center truncate text-sm font-medium text-fg">
          {c.title || CONVERSATION_DEFAULT_TITLE}
        </span>
        <span className="shrink-0 self-center text-xs text-fg-muted tabular-nums">
          {formatWhen(c.updated_at)}
        </span>
      </>
    );
  }
  const { icon: Icon, label } = item.action;
  return (
    <>
      <span className={ICON_BOX}>
        <Icon className="size-4" aria-hidden />
      </span>
      <span className="min-w-0 flex-1 self-center truncate text-sm font-medium text-fg">
        {label}
      </span>
    </>
  );
}
