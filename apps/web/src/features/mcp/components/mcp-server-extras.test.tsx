import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpServerExtras } from './mcp-server-extras';
import { server } from './mcp-test-servers';

const DOCS = server({
  id: 's1',
  name: 'docs',
  title: 'Docs',
  prompts: [
    {
      name: 'summarise',
      title: 'Summarise',
      description: 'Summarise a text.',
      arguments: [{ name: 'text', description: null, required: true }],
    },
  ],
  resources: [
    {
      uri: 'docs://readme',
      name: 'readme',
      title: 'Read me',
      description: null,
      mime_type: 'text/plain',
    },
  ],
});

/** The API as the browser reaches it: every request recorded, each answered by path. */
function fakeApi() {
  const sent: Array<{ path: string; body: unknown }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input instanceof Request ? input.url : input), 'http://x').pathname;
    sent.push({ path, body: JSON.parse(String(init?.body ?? 'null')) });
    const text = path.endsWith('/prompts/get')
      ? 'Summarise: the minutes'
      : '[Context … untrusted data …]\n<mcp_resource>\nhello\n</mcp_resource>';
    return new Response(JSON.stringify({ text, truncated: false }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetch, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('a server’s prompts and resources in the Tools menu', () => {
  it('fills a prompt’s arguments and inserts its text; attaches a resource’s framed text', async () => {
    const api = fakeApi();
    vi.stubGlobal('fetch', api.fetch);
    const inserted: string[] = [];
    render(<McpServerExtras server={DOCS} onInsert={(text) => inserted.push(text)} />);
    fireEvent.click(screen.getByText('Prompts and resources (2)'));

    fireEvent.click(screen.getByRole('button', { name: 'Insert Summarise' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'text' }), {
      target: { value: 'the minutes' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Insert into message' }));
    await waitFor(() => expect(inserted).toEqual(['Summarise: the minutes']));
    expect(api.sent[0]).toEqual({
      path: '/api/v1/mcp/servers/s1/prompts/get',
      body: { name: 'summarise', arguments: { text: 'the minutes' } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Attach Read me' }));
    await waitFor(() => expect(inserted).toHaveLength(2));
    expect(inserted[1]).toContain('<mcp_resource>');
    expect(api.sent[1]).toEqual({
      path: '/api/v1/mcp/servers/s1/resources/read',
      body: { uri: 'docs://readme' },
    });
  });

  it('shows nothing for a server that is not connected', () => {
    const { container } = render(
      <McpServerExtras
        server={{ ...DOCS, health: { state: 'failing', reason: 'x', since: null, retry_at: null } }}
        onInsert={() => undefined}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
