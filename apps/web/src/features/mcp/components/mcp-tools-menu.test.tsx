import { NO_MCP, type ChatMcpChoice } from '@parallax/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { McpToolsMenu } from './mcp-tools-menu';
import { server, tool } from './mcp-test-servers';

const SERVERS = [
  server({
    id: 's1',
    name: 'notes',
    title: 'Notes',
    tools: [tool('notes', 'add', 'Adds a <b>note</b>'), tool('notes', 'remove', 'Removes a note')],
  }),
  server({
    id: 's2',
    name: 'crm',
    title: 'CRM',
    auth: 'oauth',
    health: { state: 'needs_sign_in', reason: null, since: null, retry_at: null },
  }),
];

function Menu({ seen }: { seen: ChatMcpChoice[] }) {
  const [choice, setChoice] = useState<ChatMcpChoice>(NO_MCP);
  return (
    <MemoryRouter>
      <McpToolsMenu
        servers={SERVERS}
        choice={choice}
        onChange={(next) => {
          seen.push(next);
          setChoice(next);
        }}
      />
    </MemoryRouter>
  );
}

describe('the composer’s Tools menu', () => {
  it('turns a server on for the chat, then single tools off, and counts what is on', () => {
    const seen: ChatMcpChoice[] = [];
    render(<Menu seen={seen} />);
    const button = screen.getByRole('button', { name: 'Tools' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(screen.getByRole('switch', { name: 'Notes' }));
    expect(seen.at(-1)).toEqual({ servers: ['s1'], disabled_tools: [] });
    expect(screen.getByRole('button', { name: 'Tools, 2 on' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: /remove/ }));
    expect(seen.at(-1)).toEqual({ servers: ['s1'], disabled_tools: ['notes__remove'] });
    expect(screen.getByRole('button', { name: 'Tools, 1 on' })).toBeInTheDocument();
  });

  it('shows tool descriptions as plain text and a sign-in link for a server that needs it', () => {
    render(<Menu seen={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tools' }));
    fireEvent.click(screen.getByRole('switch', { name: 'Notes' }));
    expect(screen.getByText('Adds a <b>note</b>')).toBeInTheDocument();
    expect(screen.getByText('Needs sign-in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/settings#tools',
    );
  });

  it('closes on Escape and gives the focus back to its button', () => {
    render(<Menu seen={[]} />);
    const button = screen.getByRole('button', { name: 'Tools' });
    fireEvent.click(button);
    fireEvent.keyDown(screen.getByRole('switch', { name: 'Notes' }), { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
