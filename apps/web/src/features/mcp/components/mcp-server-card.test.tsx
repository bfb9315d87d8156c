import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { McpServerCard } from './mcp-server-card';
import { server, tool } from './mcp-test-servers';

const noop = () => Promise.resolve();

describe('a server in Settings → Tools', () => {
  it('offers sign-in to an OAuth server the user has not signed in to', async () => {
    const onSignIn = vi.fn(noop);
    render(
      <ul>
        <McpServerCard
          server={server({
            id: 's1',
            name: 'crm',
            auth: 'oauth',
            health: { state: 'needs_sign_in', reason: null, since: null, retry_at: null },
          })}
          busy={false}
          onSignIn={onSignIn}
          onRemove={noop}
          onPolicy={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByText('Needs sign-in')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignIn).toHaveBeenCalledOnce());
  });

  it('shows a failing server’s reason and its tools’ descriptions as text', () => {
    render(
      <ul>
        <McpServerCard
          server={server({
            id: 's1',
            name: 'notes',
            health: {
              state: 'failing',
              reason: 'The server did not answer in 10 s',
              since: null,
              retry_at: null,
            },
            tools: [tool('notes', 'add', '<img src=x onerror=alert(1)> Adds a note')],
          })}
          busy={false}
          onSignIn={noop}
          onRemove={noop}
          onPolicy={() => undefined}
        />
      </ul>,
    );
    expect(screen.getByText('Failing')).toBeInTheDocument();
    expect(screen.getByText('The server did not answer in 10 s')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)> Adds a note')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('asks before removing the user’s own server, and sets a tool’s policy', async () => {
    const onRemove = vi.fn(noop);
    const onPolicy = vi.fn();
    render(
      <ul>
        <McpServerCard
          server={server({ id: 's1', name: 'notes', tools: [tool('notes', 'add', 'Adds')] })}
          busy={false}
          onSignIn={noop}
          onRemove={onRemove}
          onPolicy={onPolicy}
        />
      </ul>,
    );
    fireEvent.change(screen.getByLabelText('Approval for add'), {
      target: { value: 'always_allow' },
    });
    expect(onPolicy).toHaveBeenCalledWith(expect.objectContaining({ name: 'add' }), 'always_allow');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(onRemove).toHaveBeenCalledOnce());
  });

  it('offers sign-out, not sign-in, once the user is signed in', () => {
    const onSignOut = vi.fn();
    render(
      <ul>
        <McpServerCard
          server={server({ id: 's1', name: 'crm', auth: 'oauth', signed_in: true })}
          busy={false}
          onSignIn={noop}
          onSignOut={onSignOut}
          onRemove={noop}
          onPolicy={() => undefined}
        />
      </ul>,
    );
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });
});
