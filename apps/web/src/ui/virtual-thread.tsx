import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { isAwayFromBottom, JumpToLatest } from './jump-to-latest';

/** A row to scroll to and mark (a search hit); `onRevealed` runs once it is done. */
export interface ThreadReveal {
  key: string;
  onRevealed?: (() => void) | undefined;
  /** Runs with the row's first element once it is in view (e.g. to flash it). */
  mark?: ((element: Element) => void) | undefined;
}

interface VirtualThreadProps<T> {
  items: readonly T[];
  /** Stable per item: the measured height of a row is kept under it. */
  getKey: (item: T) => string;
  /** A first guess of a row's height until it is measured. */
  estimateSize: (item: T) => number;
  renderItem: (item: T) => ReactNode;
  /** Something streams into the last row: "Jump to latest" shows while the reader is away. */
  live: boolean;
  /** Shown above the rows inside the scroller ("Load older messages"). */
  header?: ReactNode;
  onScroll?: ((element: HTMLDivElement) => void) | undefined;
  /** The scroller itself (a panel's synced scrolling). */
  scrollRef?: Ref<HTMLDivElement> | undefined;
  reveal?: ThreadReveal | null | undefined;
  /** The room between rows, kept inside each measured row (a Tailwind padding class). */
  rowGapClass: string;
  scrollerClassName: string;
  contentClassName: string;
  /** Attributes of the scroller (test ids, counts of what the list holds). */
  scrollerProps?: Record<`data-${string}`, string | number> | undefined;
}

const NEAR_BOTTOM_PX = 120;
/** Rows rendered beyond each edge of the view: enough for a quick scroll or a keyboard step. */
const OVERSCAN = 3;
/**
 * How much new row height (measured, or estimated until then) joins the DOM per frame, at least
 * one row: a row's markdown, maths and code render when it mounts (tens of ms for an answer
 * with KaTeX), so rows a scroll brings near the view mount over several frames.
 */
const MOUNT_PX_PER_FRAME = 480;

type RowKey = VirtualItem['key'];

/** How long a search hit's row is sought before the view is left where it is. */
const REVEAL_GIVE_UP_MS = 10_000;
/** Frames between sending the view to a sought row again. */
const RESEEK_FRAMES = 10;

/** Where the row of `key` is among the virtualizer's current rows, or -1. */
function indexOfKey(virtualizer: Virtualizer<HTMLDivElement, Element>, key: string): number {
  const { count, getItemKey } = virtualizer.options;
  for (let i = 0; i < count; i += 1) if (getItemKey(i) === key) return i;
  return -1;
}

/**
 * The rows let into the DOM after this frame: those of `admitted` still in range, then new
 * ones, the most visible first and then the nearest the view, within the frame's budget.
 */
export function admitRows(
  inRange: readonly VirtualItem[],
  admitted: ReadonlySet<RowKey>,
  view: { start: number; end: number },
): ReadonlySet<RowKey> {
  const next = new Set(inRange.filter((row) => admitted.has(row.key)).map((row) => row.key));
  // How much of a row is in view; less than nothing is how far it is from the view.
  const shown = (row: VirtualItem) => Math.min(row.end, view.end) - Math.max(row.start, view.start);
  const fresh = inRange.filter((row) => !next.has(row.key)).sort((a, b) => shown(b) - shown(a));
  let spent = 0;
  for (const [i, row] of fresh.entries()) {
    if (i > 0 && spent + row.size > MOUNT_PX_PER_FRAME) break;
    next.add(row.key);
    spent += row.size;
  }
  return next;
}

function assignRef<E>(ref: Ref<E> | undefined, element: E | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * A thread of rows (a chat's turns, a compare panel's turns), oldest first, of which only the
 * rows near the view are in the DOM: a long chat's page of 50 turns with maths and code was
 * ~25,000 nodes, and every keystroke and scroll frame paid for them. Each rendered row is
 * measured as it renders and as it changes (maths, code, a streaming answer), and a row above
 * the view that changes size moves the scroll position with it, so what the reader looks at
 * stays put. Follows the last row while the reader is at the bottom; when rows are put in
 * front (an older page), the same row stays under the reader's eyes.
 *
 * Sizes are read only in ResizeObserver callbacks, which run once per frame after layout:
 * reading them after each streamed batch would force a layout every time.
 */
export function VirtualThread<T>(props: VirtualThreadProps<T>) {
  const { items, getKey, live } = props;
  const scroller = useRef<HTMLDivElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const rows = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => {
      const item = items[index];
      return item === undefined ? 0 : props.estimateSize(item);
    },
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : getKey(item);
    },
    overscan: OVERSCAN,
    // Where the rows start inside the scroller: below its padding and its header.
    scrollMargin: rows.current?.offsetTop ?? 0,
    // Positions are written to the rows directly; React renders only when the range changes.
    directDomUpdates: true,
    useFlushSync: false,
  });
  const stickToBottom = useRef(true);
  // At the bottom, the bottom is what stays put (the resize observer below keeps it there).
  // Otherwise a row measured again moves the view only when it is wholly above it: a streaming
  // answer the reader is reading grows below what they read, and must not push it away. A row
  // measured for the first time (mounted a frame late, its estimate until then) moves it when it
  // starts above the view, so the rows the reader looks at below it stay put.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, _delta, instance) => {
    if (stickToBottom.current) return false;
    const offset = instance.scrollOffset ?? 0;
    return instance.itemSizeCache.has(item.key) ? item.end <= offset : item.start < offset;
  };
  /**
   * The rows in the DOM. New rows in range join a frame's budget at a time (a fast scroll shows
   * the space of the rows still to come for a few frames, never one long task). All at once on
   * the first render and after a jump (a search hit, Jump to latest) to where no row is in yet,
   * so what the reader jumped to is complete when it shows.
   */
  const [admitted, setAdmitted] = useState<ReadonlySet<RowKey>>(() => new Set());
  const jumping = useRef(false);
  const inRange = virtualizer.getVirtualItems();
  const all =
    admitted.size === 0 || (jumping.current && !inRange.some((row) => admitted.has(row.key)));
  const shownRows = all ? inRange : inRange.filter((row) => admitted.has(row.key));
  const waiting = shownRows.length < inRange.length;
  useLayoutEffect(() => {
    if (all) {
      jumping.current = false;
      if (inRange.length > 0) setAdmitted(new Set(inRange.map((row) => row.key)));
      return;
    }
    if (!waiting) return;
    const frame = requestAnimationFrame(() => {
      const offset = virtualizer.scrollOffset ?? 0;
      const view = { start: offset, end: offset + (virtualizer.scrollRect?.height ?? 0) };
      setAdmitted((now) => admitRows(virtualizer.getVirtualItems(), now, view));
    });
    return () => cancelAnimationFrame(frame);
  }, [all, waiting, inRange, admitted, virtualizer]);
  const [scrolledUp, setScrolledUp] = useState(false);
  /** Where our own last scroll to the bottom put the view. */
  const autoScrollTop = useRef<number | null>(null);
  const first = items[0];
  const firstKey = first === undefined ? undefined : getKey(first);
  const renderedFirstKey = useRef(firstKey);
  const measured = useRef<{ firstKey: string | undefined; height: number }>({
    firstKey: undefined,
    height: 0,
  });

  useEffect(() => {
    renderedFirstKey.current = firstKey;
  }, [firstKey]);

  useEffect(() => {
    const el = scroller.current;
    const inner = content.current;
    if (!el || !inner || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const height = el.scrollHeight;
      const before = measured.current;
      const key = renderedFirstKey.current;
      if (
        before.firstKey &&
        key !== before.firstKey &&
        height > before.height &&
        !stickToBottom.current
      ) {
        // Older rows were put in front: keep the same row under the reader's eyes.
        el.scrollTop += height - before.height;
      } else if (stickToBottom.current) {
        // More than a view away (the first page opening at its top): a jump, shown complete.
        if (height - el.scrollTop - el.clientHeight > el.clientHeight) jumping.current = true;
        el.scrollTop = height;
        autoScrollTop.current = el.scrollTop;
      }
      measured.current = { firstKey: key, height };
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const { reveal } = props;
  useEffect(() => {
    const el = scroller.current;
    if (!reveal || !el || indexOfKey(virtualizer, reveal.key) < 0) return;
    // Stop following the newest row first, or the next resize puts the view back there.
    stickToBottom.current = false;
    autoScrollTop.current = null;
    const seek = () => {
      const index = indexOfKey(virtualizer, reveal.key);
      if (index < 0) return;
      jumping.current = true;
      virtualizer.scrollToIndex(index, { align: 'center' });
    };
    seek();
    // The row is rendered (and measured) once the view is there: mark it then. Until it is, the
    // view is sent to it again: a scroll by estimated heights can land short, and the rows of an
    // older page measured after it move the view (on a busy machine, for many frames).
    const key = CSS.escape(reveal.key);
    const started = performance.now();
    let frames = 0;
    let frame = 0;
    const mark = () => {
      const row = el.querySelector(`[data-row-key="${key}"] > *`);
      if (row) {
        row.scrollIntoView({ block: 'center' });
        reveal.mark?.(row);
        reveal.onRevealed?.();
        return;
      }
      if (performance.now() - started > REVEAL_GIVE_UP_MS) return;
      if ((frames += 1) % RESEEK_FRAMES === 0) seek();
      frame = requestAnimationFrame(mark);
    };
    frame = requestAnimationFrame(mark);
    return () => cancelAnimationFrame(frame);
    // Once per target: the items it was found in are read when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reveal]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    // The scroll event of our own follow can arrive after the answer grew again: still following.
    const following = autoScrollTop.current !== null && el.scrollTop >= autoScrollTop.current;
    stickToBottom.current =
      following || el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX;
    if (!following) autoScrollTop.current = null;
    setScrolledUp(!stickToBottom.current && isAwayFromBottom(el));
    props.onScroll?.(el);
  };

  const jumpToLatest = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = true;
    jumping.current = true;
    el.scrollTop = el.scrollHeight;
    autoScrollTop.current = el.scrollTop;
    setScrolledUp(false);
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={(node) => {
          scroller.current = node;
          assignRef(props.scrollRef, node);
        }}
        onScroll={onScroll}
        className={props.scrollerClassName}
        {...props.scrollerProps}
      >
        <div ref={content} className={props.contentClassName}>
          {props.header}
          <div
            ref={(node) => {
              rows.current = node;
              virtualizer.containerRef(node);
            }}
            className="relative w-full"
          >
            {shownRows.map((row) => {
              const item = items[row.index];
              if (item === undefined) return null;
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  data-row-key={getKey(item)}
                  ref={virtualizer.measureElement}
                  className={`absolute inset-x-0 top-0 ${props.rowGapClass}`}
                >
                  {props.renderItem(item)}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {live && scrolledUp && <JumpToLatest onJump={jumpToLatest} />}
    </div>
  );
}
