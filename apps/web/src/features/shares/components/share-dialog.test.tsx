import type { CreateShareRequest, Share } from '@parallax/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShareDialog } from './share-dialog';

const TOKEN = 'a'.repeat(43);

/** The server, faked at the network: the link it keeps and the bodies it was sent. */
function fakeServer() {
  let share: Share | null = null;
  const sent: Array<{ method: string; body: unknown }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    if (url.includes('/shares/lookup')) return json(200, { share });
    if (method === 'POST' && url.endsWith('/shares')) {
      const body = JSON.parse(String(init?.body)) as CreateShareRequest;
      sent.push({ method, body });
      share = {
        id: 'share-1',
        kind: body.kind,
        source_id: body.source_id,
        title: 'Pythagoras',
        url: `http://localhost/share/${TOKEN}`,
        token: TOKEN,
        show_owner_name: body.show_owner_name,
        include_attachments: body.include_attachments,
        allow_indexing: body.allow_indexing,
        reveal_models: body.reveal_models,
        expiry: body.expiry,
        expires_at: body.expiry === 'never' ? null : '2026-12-07T00:00:00.000Z',
        turn_count: 2,
        created_at: '2026-11-30T00:00:00.000Z',
        updated_at: '2026-11-30T00:00:00.000Z',
      };
      return json(201, share);
    }
    if (method === 'DELETE') {
      sent.push({ method, body: null });
      share = null;
      return json(200, { ok: true });
    }
    return json(404, { error: 'not_found', detail: 'Nothing here' });
  });
  return { fetch, sent };
}

function renderDialog(kind: 'conversation' | 'comparison' = 'conversation') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ShareDialog kind={kind} sourceId="chat-1" open onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

describe('ShareDialog', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('creates a link with the chosen options, then shows it to copy, update or delete', async () => {
    renderDialog();
    const create = await screen.findByRole('button', { name: 'Create link' });
    expect(screen.queryByRole('switch', { name: 'Name the models' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Show my name' }));
    fireEvent.change(screen.getByLabelText('Link expires'), { target: { value: '7d' } });
    fireEvent.click(create);

    const field = await screen.findByRole('textbox', { name: 'Share link' });
    expect(field).toHaveValue(`http://localhost/share/${TOKEN}`);
    expect(server.sent[0]).toEqual({
      method: 'POST',
      body: {
        kind: 'conversation',
        source_id: 'chat-1',
        show_owner_name: true,
        include_attachments: false,
        expiry: '7d',
        allow_indexing: false,
        reveal_models: false,
      },
    });
    expect(screen.getByRole('button', { name: 'Update link' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy share link' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete link' }));
    expect(await screen.findByRole('button', { name: 'Create link' })).toBeInTheDocument();
    expect(server.sent.map((s) => s.method)).toEqual(['POST', 'DELETE']);
  });

  it('offers to name the models of a comparison, not to include attachments', async () => {
    renderDialog('comparison');
    await screen.findByRole('button', { name: 'Create link' });
    expect(screen.getByRole('switch', { name: 'Name the models' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.queryByRole('switch', { name: 'Include attachments' })).toBeNull();
  });
});
