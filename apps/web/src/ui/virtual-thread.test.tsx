import { render, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VirtualItem } from '@tanstack/react-virtual';
import { admitRows, VirtualThread } from './virtual-thread';

interface Turn {
  id: string;
  text: string;
}

const TURNS: Turn[] = Array.from({ length: 500 }, (_, i) => ({
  id: `t${i + 1}`,
  text: `Turn ${i + 1}`,
}));

// jsdom lays nothing out: the scroller is given a height, every row the estimated one.
const VIEW_PX = 600;
const ROW_PX = 100;
let restore: (() => void) | undefined;
beforeAll(() => {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  const ownOffset = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'thread' ? VIEW_PX : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.rowKey === undefined ? 0 : ROW_PX;
    },
  });
  restore = () => {
    if (own) Object.defineProperty(HTMLElement.prototype, 'clientHeight', own);
    if (ownOffset) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', ownOffset);
  };
});
afterAll(() => restore?.());

function Thread({ turns, live = false }: { turns: Turn[]; live?: boolean }) {
  return (
    <VirtualThread
      items={turns}
      getKey={(turn) => turn.id}
      estimateSize={() => ROW_PX}
      renderItem={(turn) => <p>{turn.text}</p>}
      live={live}
      header={<button type="button">Load older messages</button>}
      rowGapClass="pb-4"
      scrollerClassName="overflow-y-auto"
      contentClassName="px-3"
      scrollerProps={{ 'data-testid': 'thread', 'data-turns': turns.length }}
    />
  );
}

describe('VirtualThread', () => {
  it('keeps only the rows near the view in the DOM, each under its key', async () => {
    render(<Thread turns={TURNS} />);
    const thread = screen.getByTestId('thread');
    // Rows new to the range join over a few frames.
    await waitFor(() =>
      expect(thread.querySelector('[data-row-key]')).toHaveAttribute('data-row-key', 't1'),
    );
    const rows = thread.querySelectorAll('[data-row-key]');
    // The view's six rows and a few beyond each edge, of 500.
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(20);
    expect(rows[0]?.getAttribute('data-row-key')).toBe('t1');
    expect(rows[0]?.textContent).toBe('Turn 1');
    expect(thread).toHaveAttribute('data-turns', '500');
    // What the list holds beyond its rows stays: the header above them.
    expect(screen.getByRole('button', { name: 'Load older messages' })).toBeInTheDocument();
  });

  it('keeps a row under its key when rows are put in front of it', async () => {
    const { rerender } = render(<Thread turns={TURNS.slice(450)} />);
    expect((await screen.findByText('Turn 451')).closest('[data-row-key]')).toHaveAttribute(
      'data-row-key',
      't451',
    );
    rerender(<Thread turns={TURNS.slice(400)} />);
    await waitFor(() =>
      expect(screen.getByTestId('thread').querySelector('[data-row-key]')).toHaveAttribute(
        'data-row-key',
        't401',
      ),
    );
    const first = screen.getByTestId('thread').querySelector('[data-row-key]');
    expect(first).toHaveAttribute('data-index', '0');
  });

  it('offers Jump to latest only while the last row is live and the reader is away from it', () => {
    render(<Thread turns={TURNS.slice(0, 3)} live />);
    // At the bottom (jsdom's scroller has no overflow): nothing to jump to.
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
  });
});

describe('admitRows', () => {
  const row = (index: number, start: number, size: number): VirtualItem => ({
    key: `r${index}`,
    index,
    start,
    size,
    end: start + size,
    lane: 0,
  });
  // Rows of 200 px from 0; the view shows 1,200–1,800 (rows 6 to 8).
  const RANGE = Array.from({ length: 10 }, (_, i) => row(i, i * 200, 200));
  const VIEW = { start: 1_200, end: 1_800 };

  it("lets in the new rows in view first, about one frame's worth of height", () => {
    expect([...admitRows(RANGE, new Set(), VIEW)]).toEqual(['r6', 'r7']);
  });

  it('keeps the rows already in that are still in range, drops the others, then the nearest', () => {
    const next = admitRows(RANGE.slice(3), new Set(['r0', 'r6', 'r7', 'r8']), VIEW);
    // r5 ends where the view starts and r9 starts where it ends; r4 is a row further up.
    expect([...next].sort()).toEqual(['r5', 'r6', 'r7', 'r8', 'r9']);
  });

  it('lets in one row a frame even when it is taller than the budget', () => {
    const tall = [row(0, 0, 5_000)];
    expect([...admitRows(tall, new Set(), { start: 0, end: 600 })]).toEqual(['r0']);
  });
});
