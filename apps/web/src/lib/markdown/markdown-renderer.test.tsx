import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as MarkdownToReact from './markdown-to-react';
import { COLD_STEP } from './cold-steps';
import { chargeBudget, SLICE_BUDGET_MS } from './slice-scheduler';

const rendered = vi.hoisted(() => [] as string[]);

vi.mock('./markdown-to-react', async (importOriginal) => {
  const actual = await importOriginal<typeof MarkdownToReact>();
  return {
    ...actual,
    markdownToReact: (...args: Parameters<typeof actual.markdownToReact>) => {
      rendered.push(args[0].source);
      return actual.markdownToReact(...args);
    },
  };
});

const { default: MarkdownRenderer } = await import('./markdown-renderer');

describe('MarkdownRenderer', () => {
  // Work costs no time here: a task's budget is spent only where a test spends it
  // (chargeBudget), never by a slow or busy machine rendering the test's own blocks.
  beforeEach(() => vi.spyOn(performance, 'now').mockReturnValue(0));
  afterEach(() => vi.restoreAllMocks());

  it('renders GFM tables, lists and links that open in a new tab with a safe rel', async () => {
    const { container } = render(
      <MarkdownRenderer
        text={'- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com)'}
      />,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('table td')?.textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('sanitises: no scripts, no event handlers, no javascript: links', async () => {
    rendered.length = 0;
    const { container } = render(
      <MarkdownRenderer
        text={
          '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="javascript:alert(4)">raw</a>'
        }
      />,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    expect(rendered).toHaveLength(4);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    for (const element of container.querySelectorAll('*'))
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    for (const a of container.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    // The dropped link keeps its text but is no longer a link.
    expect(screen.queryByRole('link', { name: 'click' })).toBeNull();
    expect(container.textContent).toContain('click');
    // The raw markup is shown as text, not executed.
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });

  it('renders code blocks with a copy button and highlights them once the highlighter has loaded', async () => {
    const { container } = render(<MarkdownRenderer text={'```js\nconst answer = 42;\n```'} />);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
    expect(container.querySelector('pre')?.textContent).toBe('const answer = 42;\n');
    // Grammars register one per slice: on a busy machine that takes a while.
    await waitFor(
      () => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'),
      { timeout: 10_000 },
    );
  });

  it('renders math with KaTeX once it has loaded, using the provider delimiters', async () => {
    const { container } = render(
      <MarkdownRenderer text={'Einstein: \\(E = mc^2\\)'} provider="openai" />,
    );
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
  });

  it('shows a display formula still waiting for its closing delimiter as plain text, then renders it', async () => {
    const { container, rerender } = render(
      <MarkdownRenderer text={'Area:\n\n\\[\n\\pi r^2 + \\frac{1}{'} provider="openai" streaming />,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    expect(container.querySelector('[data-math-pending]')?.textContent).toBe(
      '\\pi r^2 + \\frac{1}{',
    );
    expect(container.querySelector('.katex-error')).toBeNull();
    expect(container.querySelector('.katex')).toBeNull();
    rerender(
      <MarkdownRenderer
        text={'Area:\n\n\\[\n\\pi r^2 + \\frac{1}{2}\n\\]'}
        provider="openai"
        streaming
      />,
    );
    await waitFor(() => expect(container.querySelector('.katex-display')).not.toBeNull());
    expect(container.querySelector('[data-math-pending]')).toBeNull();
    expect(container.querySelector('.katex-error')).toBeNull();
  });

  it('re-renders only the block being written as a streaming text grows', () => {
    const first = 'Para one is done.\n\nPara two is done.\n\nPara three is be';
    const { rerender } = render(<MarkdownRenderer text={first} />);
    rendered.length = 0;
    rerender(<MarkdownRenderer text={`${first}ing written`} />);
    rerender(<MarkdownRenderer text={`${first}ing written\n\nPara four`} />);
    rerender(<MarkdownRenderer text={`${first}ing written\n\nPara four is here`} />);
    expect(rendered).toEqual(['Para three is being written', 'Para four', 'Para four is here']);
  });

  it('does not render a finished answer again when it stops streaming or its bubble re-renders', async () => {
    const text = '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nDone.';
    const { rerender, container } = render(<MarkdownRenderer text={text} />);
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    rendered.length = 0;
    rerender(<MarkdownRenderer text={text} />);
    rerender(<MarkdownRenderer text={text.split('').join('')} />);
    expect(rendered).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Title');
  });

  it('links a reference in an earlier block once its definition streams in, rendering that block alone again', async () => {
    const start = 'See [the docs][docs].\n\nUnrelated paragraph.\n\n';
    const { rerender, container } = render(<MarkdownRenderer text={start} />);
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    expect(screen.queryByRole('link', { name: 'the docs' })).toBeNull();
    rendered.length = 0;
    rerender(<MarkdownRenderer text={`${start}[docs]: https://example.com/docs`} />);
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    expect(screen.getByRole('link', { name: 'the docs' })).toHaveAttribute(
      'href',
      'https://example.com/docs',
    );
    expect(rendered).toEqual(['See [the docs][docs].', '[docs]: https://example.com/docs']);
    expect(container.textContent).not.toContain('[docs]:');
  });

  it('keeps a loose list with several paragraphs per item in one list', () => {
    const { container } = render(
      <MarkdownRenderer text={'1. First.\n\n   More of it.\n\n2. Second.\n'} />,
    );
    expect(container.querySelectorAll('ol')).toHaveLength(1);
    expect(container.querySelectorAll('ol > li > p')).toHaveLength(3);
  });

  it('numbers footnotes across blocks and lists them last, linked within the page', async () => {
    const { container } = render(
      <MarkdownRenderer text={'One[^b].\n\nTwo[^a].\n\n[^a]: Note A.\n\n[^b]: Note B.\n'} />,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    const calls = [...container.querySelectorAll('sup a')];
    expect(calls.map((a) => a.textContent)).toEqual(['1', '2']);
    expect(calls[0]?.getAttribute('href')).toMatch(/^#user-content-.+-fn-b$/);
    expect(calls[0]).not.toHaveAttribute('target');
    const notes = [...container.querySelectorAll('section[data-footnotes] li')];
    expect(notes.map((li) => `#${li.id}`)).toEqual(calls.map((a) => a.getAttribute('href')));
    expect(container.lastElementChild?.matches('section[data-footnotes]')).toBe(true);
  });

  it('gives each answer on a page its own footnote ids, calls and back-references', async () => {
    const text = 'Claim[^1].\n\n[^1]: Source.\n';
    const { container } = render(
      <>
        <div data-answer="a">
          <MarkdownRenderer text={text} />
        </div>
        <div data-answer="b">
          <MarkdownRenderer text={text} />
        </div>
      </>,
    );
    await waitFor(() => expect(container.querySelector('[data-markdown-pending]')).toBeNull());
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    expect(new Set(ids).size).toBe(ids.length);
    for (const answer of container.querySelectorAll('[data-answer]')) {
      // Every in-page link and description of an answer leads to an element of that answer.
      const targets = [...answer.querySelectorAll('a[href^="#"]')].map((a) =>
        a.getAttribute('href')!.slice(1),
      );
      const described = [...answer.querySelectorAll('[aria-describedby]')].map((a) =>
        a.getAttribute('aria-describedby')!,
      );
      expect(targets).toHaveLength(2);
      expect(described).toHaveLength(1);
      for (const id of [...targets, ...described])
        expect(answer.querySelector(`[id="${id}"]`)).not.toBeNull();
    }
  });

  it('parses a long text that arrives at once over several tasks, showing the rest plainly meanwhile', async () => {
    const paragraphs = Array.from(
      { length: 40 },
      (_, i) => `Paragraph ${i + 1} **bold** ${'word '.repeat(40)}`,
    );
    const text = paragraphs.join('\n\n');
    expect(text.length).toBeGreaterThan(2 * COLD_STEP);
    const { container } = render(<MarkdownRenderer text={text} />);
    expect(container.textContent).toContain('Paragraph 40 **bold**');
    // One slice per frame: on a busy machine that takes a while.
    await waitFor(() => expect(container.querySelectorAll('strong')).toHaveLength(40), {
      timeout: 20_000,
    });
    expect(container.querySelector('[data-markdown-pending]')).toBeNull();
  });

  it('gets through one block longer than a parsing step', async () => {
    const items = Array.from({ length: 300 }, (_, i) => `- item ${i + 1} ${'word '.repeat(6)}`);
    const text = `${items.join('\n')}\n`;
    expect(text.length).toBeGreaterThan(2 * COLD_STEP);
    const { container } = render(<MarkdownRenderer text={text} />);
    await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(300), {
      timeout: 20_000,
    });
    expect(container.querySelectorAll('ul')).toHaveLength(1);
  });

  it('renders what fits in a task and the rest of a long answer in later slices, newest first', async () => {
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${i + 1} with **bold** text.`,
    );
    rendered.length = 0;
    // The task has already spent its budget: only the last block may render now.
    chargeBudget(SLICE_BUDGET_MS);
    const { container } = render(<MarkdownRenderer text={paragraphs.join('\n\n')} />);
    expect(rendered).toEqual([paragraphs[5]]);
    // The waiting blocks show their text meanwhile.
    expect(container.querySelectorAll('[data-markdown-pending]')).toHaveLength(5);
    expect(container.textContent).toContain('Paragraph 1 with **bold** text.');
    await waitFor(() => expect(container.querySelectorAll('strong')).toHaveLength(6));
    expect(rendered.slice(0, 2)).toEqual([paragraphs[5], paragraphs[4]]);
    expect(rendered).toHaveLength(6);
  });

  it('renders a finished answer scrolled back into a list from what it kept, without typesetting it again', () => {
    const text = 'Kept **once**.\n\nAnd the `end` of it.';
    rendered.length = 0;
    const first = render(<MarkdownRenderer text={text} stableId="m7-assistant" />);
    expect(rendered).toEqual(['Kept **once**.', 'And the `end` of it.']);
    first.unmount();

    rendered.length = 0;
    const again = render(<MarkdownRenderer text={text} stableId="m7-assistant" />);
    expect(again.container.querySelector('strong')?.textContent).toBe('once');
    expect(again.container.querySelector('code')?.textContent).toBe('end');
    expect(rendered).toEqual([]);
  });

  it('keeps nothing of a text still streaming', () => {
    const text = 'Streaming **now**.\n\nStill coming';
    render(<MarkdownRenderer text={text} streaming stableId="m8-assistant" />).unmount();
    rendered.length = 0;
    render(<MarkdownRenderer text={text} streaming stableId="m8-assistant" />);
    expect(rendered).toContain('Streaming **now**.');
  });
});
