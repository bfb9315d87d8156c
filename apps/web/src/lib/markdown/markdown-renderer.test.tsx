import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type * as ReactMarkdownModule from 'react-markdown';

const rendered = vi.hoisted(() => [] as string[]);

vi.mock('react-markdown', async (importOriginal) => {
  const actual = await importOriginal<typeof ReactMarkdownModule>();
  const Real = actual.default;
  return {
    ...actual,
    default: (props: Parameters<typeof Real>[0] & { children?: ReactNode }) => {
      rendered.push(String(props.children));
      return <Real {...props} />;
    },
  };
});

const { default: MarkdownRenderer } = await import('./markdown-renderer');

describe('MarkdownRenderer', () => {
  it('renders GFM tables, lists and links that open in a new tab with a safe rel', () => {
    const { container } = render(
      <MarkdownRenderer text={'- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[site](https://example.com)'} />,
    );
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.querySelector('table td')?.textContent).toBe('1');
    const link = screen.getByRole('link', { name: 'site' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('sanitises: no scripts, no event handlers, no javascript: links', () => {
    const { container } = render(
      <MarkdownRenderer
        text={
          '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<a href="javascript:alert(4)">raw</a>'
        }
      />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    for (const element of container.querySelectorAll('*'))
      for (const attribute of element.attributes) expect(attribute.name).not.toMatch(/^on/i);
    for (const a of container.querySelectorAll('a')) expect(a.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
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
    await waitFor(() => expect(container.querySelector('.hljs-keyword')?.textContent).toBe('const'));
  });

  it('renders math with KaTeX once it has loaded, using the provider delimiters', async () => {
    const { container } = render(<MarkdownRenderer text={'Einstein: \\(E = mc^2\\)'} provider="openai" />);
    await waitFor(() => expect(container.querySelector('.katex')).not.toBeNull());
  });

  it('re-renders only the block being written as a streaming text grows', () => {
    const first = 'Para one is done.\n\nPara two is done.\n\nPara three is be';
    const { rerender } = render(<MarkdownRenderer text={first} />);
    rendered.length = 0;
    rerender(<MarkdownRenderer text={`${first}ing written`} />);
    rerender(<MarkdownRenderer text={`${first}ing written now`} />);
    expect(rendered).toEqual(['Para three is being written', 'Para three is being written now']);
  });
});
