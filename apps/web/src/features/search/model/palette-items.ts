import type { Conversation, SearchHit } from '@parallax/contract';
import type { LucideIcon } from 'lucide-react';

/** Something the palette can do without a search: the app shell hands these in. */
export interface PaletteAction {
  id: string;
  label: string;
  icon: LucideIcon;
  run: () => void;
}

export type PaletteItem =
  | { kind: 'chat'; conversation: Conversation }
  | { kind: 'action'; action: PaletteAction }
  | { kind: 'hit'; hit: SearchHit };

export interface PaletteGroup {
  label: string;
  items: PaletteItem[];
}

/** Chats shown before anything is typed: a handful, as in the peers' palettes. */
export const PALETTE_RECENT_CHATS = 5;

/**
 * What the palette lists: before typing, recent chats then every action; while typing, the
 * search hits then the actions whose name holds the text (after, so a hit keeps its place).
 */
export function paletteGroups(
  typed: string,
  recent: readonly Conversation[],
  actions: readonly PaletteAction[],
  hits: readonly SearchHit[],
): PaletteGroup[] {
  const groups: PaletteGroup[] = [];
  if (!typed) {
    const chats = recent.slice(0, PALETTE_RECENT_CHATS);
    if (chats.length > 0)
      groups.push({
        label: 'Recent chats',
        items: chats.map((conversation) => ({ kind: 'chat', conversation })),
      });
    groups.push({ label: 'Actions', items: actions.map((action) => ({ kind: 'action', action })) });
    return groups;
  }
  if (hits.length > 0)
    groups.push({ label: 'Results', items: hits.map((hit) => ({ kind: 'hit', hit })) });
  const needle = typed.toLocaleLowerCase();
  const matching = actions.filter((a) => a.label.toLocaleLowerCase().includes(needle));
  if (matching.length > 0)
    groups.push({
      label: 'Actions',
      items: matching.map((action) => ({ kind: 'action', action })),
    });
  return groups;
}

export function itemKey(item: PaletteItem): string {
  if (item.kind === 'chat') return `chat:${item.conversation.id}`;
  if (item.kind === 'action') return `action:${item.action.id}`;
  const { hit } = item;
  return `${hit.kind}:${hit.message_id ?? hit.source_id ?? hit.conversation_id}`;
}
