import type {
  GeneratorInstructionsResponse,
  GeneratorInstructionsVersion,
} from '@parallax/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GeneratorInstructionsEditor } from './generator-instructions-editor';

/** The server, faked at the network: the versions it keeps and the bodies it was sent. */
function fakeServer(initial: string) {
  const versions: GeneratorInstructionsVersion[] = [
    { version: 1, body: initial, created_at: '2026-01-01T00:00:00.000Z', created_by: null },
  ];
  const puts: unknown[] = [];
  let forbidden = false;
  const describe = (): GeneratorInstructionsResponse => {
    const newestFirst = [...versions].reverse();
    return { current: newestFirst[0]!, versions: newestFirst };
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.includes('/admin/prompt-generator/instructions')) return json(404, {});
    if (forbidden)
      return json(403, {
        error: 'forbidden',
        detail: 'You do not have permission to perform this action.',
      });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { body: string };
      puts.push(body);
      versions.push({
        version: versions.length + 1,
        body: body.body,
        created_at: '2026-01-02T00:00:00.000Z',
        created_by: 'admin@example.com',
      });
    }
    return json(200, describe());
  });
  return { fetch, puts, forbid: () => (forbidden = true) };
}

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <GeneratorInstructionsEditor />
    </QueryClientProvider>,
  );
}

describe('GeneratorInstructionsEditor', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer('Write prompts with a role.');
    vi.stubGlobal('fetch', server.fetch);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('saves an edit as a new version and restores an earlier one as the next', async () => {
    renderEditor();
    const field = await screen.findByLabelText('Instructions every generation starts from');
    expect(field).toHaveValue('Write prompts with a role.');
    const save = screen.getByRole('button', { name: 'Save as a new version' });
    expect(save).toBeDisabled();

    fireEvent.change(field, { target: { value: 'Write prompts with a role and an example.' } });
    fireEvent.click(save);
    await screen.findByText('Saved as version 2.');
    expect(server.puts).toEqual([{ body: 'Write prompts with a role and an example.' }]);

    const list = screen.getByRole('list');
    const first = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.includes('Version 1'))!;
    fireEvent.click(within(first).getByRole('button', { name: 'View' }));
    expect(screen.getByLabelText('Version 1')).toHaveTextContent('Write prompts with a role.');
    fireEvent.click(within(first).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(field).toHaveValue('Write prompts with a role.'));
    expect(server.puts.at(-1)).toEqual({ body: 'Write prompts with a role.' });
    expect(await screen.findByText(/^Version 3 ·/)).toBeInTheDocument();
  });

  it('refuses empty instructions without asking the server', async () => {
    renderEditor();
    const field = await screen.findByLabelText('Instructions every generation starts from');
    fireEvent.change(field, { target: { value: '   ' } });
    expect(screen.getByText('The instructions cannot be empty.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as a new version' })).toBeDisabled();
    expect(server.puts).toEqual([]);
  });

  it("shows the server's refusal for a non-admin", async () => {
    server.forbid();
    renderEditor();
    expect(
      await screen.findByText('You do not have permission to perform this action.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
