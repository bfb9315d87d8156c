import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VirtualThread } from './virtual-thread';

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
let restore: (() => void) | undefined;
beforeAll(() => {
  const own = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'thread' ? VIEW_PX : 0;
    },
  });
  restore = () => {
    if (own) Object.defineProperty(HTMLElement.prototype, 'clientHeight', own);
  };
});
afterAll(() => restore?.());

function Thread({ turns, live = false }: { turns: Turn[]; live?: boolean }) {
  return (
    <VirtualThread
      items={turns}
      getKey={(turn) => turn.id}
      estimateSize={() => 100}
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
  it('keeps only the rows near the view in the DOM, each under its key', () => {
    render(<Thread turns={TURNS} />);
    const thread = screen.getByTestId('thread');
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

  it('keeps a row under its key when rows are put in front of it', () => {
    const { rerender } = render(<Thread turns={TURNS.slice(450)} />);
    expect(screen.getByText('Turn 451').closest('[data-row-key]')).toHaveAttribute(
      'data-row-key',
      't451',
    );
    rerender(<Thread turns={TURNS.slice(400)} />);
    const first = screen.getByTestId('thread').querySelector('[data-row-key]');
    expect(first).toHaveAttribute('data-row-key', 't401');
    expect(first).toHaveAttribute('data-index', '0');
  });

  it('offers Jump to latest only while the last row is live and the reader is away from it', () => {
    render(<Thread turns={TURNS.slice(0, 3)} live />);
    // At the bottom (jsdom's scroller has no overflow): nothing to jump to.
    expect(screen.queryByRole('button', { name: /Jump to latest/ })).toBeNull();
  });
});
