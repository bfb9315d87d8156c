import type { ToolCallView } from '@parallax/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToolCallApproval } from './tool-call-approval';
import { ToolCallRows } from './tool-call-rows';

const CALL: ToolCallView = {
  id: 'call_1',
  step: 0,
  name: 'files__delete',
  arguments: '{"path":"/notes/<b>old</b>.md","force":true}',
  status: 'awaiting_approval',
  started_at: '2026-11-29T12:00:00.000Z',
  mcp: { server_id: 'srv_1', server_title: 'Files', tool: 'delete' },
};

describe('a tool call that waits for approval', () => {
  it('shows the exact arguments as plain, indented text and the three answers', () => {
    render(<ToolCallRows calls={[CALL]} messageId="msg_1" />);
    const args = screen.getByTestId('tool-approval-arguments');
    expect(args.textContent).toBe('{\n  "path": "/notes/<b>old</b>.md",\n  "force": true\n}');
    expect(args.querySelector('b')).toBeNull();
    expect(screen.getByRole('group', { name: /Run delete/ })).toBeInTheDocument();
    for (const name of ['Allow', 'Deny', 'Always allow'])
      expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getAllByText('Waiting for your approval').length).toBeGreaterThan(0);
  });

  it('sends the answer for this message and call, and waits for the socket', async () => {
    const decide = vi.fn().mockResolvedValue({
      message_id: 'msg_1',
      call_id: 'call_1',
      decision: 'always',
    });
    render(<ToolCallApproval call={CALL} messageId="msg_1" decide={decide} />);
    fireEvent.click(screen.getByRole('button', { name: 'Always allow' }));
    expect(decide).toHaveBeenCalledWith('msg_1', 'call_1', 'always');
    // The buttons stay off until the row's state changes from the server.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Deny' })).toBeDisabled());
  });

  it('offers the answers again when sending one failed', async () => {
    const decide = vi.fn().mockRejectedValue(new Error('This call is no longer waiting.'));
    render(<ToolCallApproval call={CALL} messageId="msg_1" decide={decide} />);
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This call is no longer waiting.');
    expect(screen.getByRole('button', { name: 'Deny' })).toBeEnabled();
  });

  it('offers no answers once the call runs, and shows its progress as text', () => {
    render(
      <ToolCallRows
        calls={[{ ...CALL, status: 'running', progress: 'Deleting <i>3</i> files' }]}
        messageId="msg_1"
      />,
    );
    expect(screen.queryByTestId('tool-approval')).toBeNull();
    const progress = screen.getByTestId('tool-call-progress');
    expect(progress.textContent).toBe('Deleting <i>3</i> files');
    expect(progress.querySelector('i')).toBeNull();
  });

  it('says a denied call was not run', () => {
    render(<ToolCallRows calls={[{ ...CALL, status: 'denied' }]} messageId="msg_1" />);
    expect(screen.getAllByText('Denied').length).toBeGreaterThan(0);
    expect(screen.getByText('Not run: it was denied.')).toBeInTheDocument();
  });
});
