import { PERSONALIZATION_LIMITS } from '@parallax/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRow } from './memory-row';

const memory = {
  id: 'm1',
  text: 'Prefers metric units',
  source_message_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function renderRow(onSave = vi.fn(() => Promise.resolve<string | null>(null))) {
  const onDelete = vi.fn();
  render(
    <ul>
      <MemoryRow memory={memory} onSave={onSave} onDelete={onDelete} />
    </ul>,
  );
  return { onSave, onDelete };
}

describe('a memory in the list', () => {
  it('edits in place and saves the trimmed text', async () => {
    const { onSave } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Edit memory: Prefers metric units' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Edit memory' }), {
      target: { value: '  Prefers metric units and Celsius ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Prefers metric units and Celsius'));
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
  });

  it('refuses empty or over-long text without calling the server, keeping what was typed', () => {
    const { onSave } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: /^Edit memory/ }));
    const box = screen.getByRole('textbox', { name: 'Edit memory' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be empty/);
    const long = 'x'.repeat(PERSONALIZATION_LIMITS.memoryMaxChars + 1);
    fireEvent.change(box, { target: { value: long } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert').textContent).toMatch(/500 characters or fewer/);
    expect((box as HTMLTextAreaElement).value).toBe(long);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays in edit', async () => {
    renderRow(vi.fn(() => Promise.resolve<string | null>('text: too long')));
    fireEvent.click(screen.getByRole('button', { name: /^Edit memory/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('text: too long');
    expect(screen.getByRole('textbox', { name: 'Edit memory' })).toBeTruthy();
  });

  it('asks to delete', () => {
    const { onDelete } = renderRow();
    fireEvent.click(screen.getByRole('button', { name: 'Delete memory: Prefers metric units' }));
    expect(onDelete).toHaveBeenCalledOnce();
  });
});
