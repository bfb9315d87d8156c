import { PanelLeftOpen, Search, SquarePen } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '../../ui/logo';
import { openPalette } from '../../features/search';
import { SIDEBAR_ICON_BUTTON } from './sidebar-content';
import { modKeyLabel } from './sidebar-keys';

const RAIL_BUTTON = SIDEBAR_ICON_BUTTON.replace('size-8', 'size-9');

/** The collapsed desktop sidebar: a slim rail with what is needed without the full list. */
export function SidebarRail({
  onNewChat,
  onExpand,
}: {
  onNewChat: () => void;
  onExpand: () => void;
}) {
  return (
    <div className="flex h-full flex-col items-center gap-2 py-3">
      <Link
        to="/"
        aria-label="Parallax home"
        className="mb-1 grid size-9 place-items-center rounded-lg"
      >
        <Logo className="size-7" />
      </Link>
      <button
        type="button"
        aria-label="Expand sidebar"
        title={`Expand sidebar (${modKeyLabel('B')})`}
        onClick={onExpand}
        className={RAIL_BUTTON}
      >
        <PanelLeftOpen className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="New chat"
        title="New chat"
        onClick={onNewChat}
        className={RAIL_BUTTON}
      >
        <SquarePen className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        aria-label="Search"
        title={`Search chats and actions (${modKeyLabel('K')})`}
        onClick={openPalette}
        className={RAIL_BUTTON}
      >
        <Search className="size-4" aria-hidden />
      </button>
    </div>
  );
}
