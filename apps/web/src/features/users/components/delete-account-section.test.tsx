import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DeleteAccountSection, deletionConfirmed } from './delete-account-section';
import { validateAvatarUrl } from './profile-details-section';

describe('delete account confirmation', () => {
  it('needs the account email typed (case and spaces forgiven)', () => {
    expect(deletionConfirmed('', 'ada@example.com')).toBe(false);
    expect(deletionConfirmed('ada@example', 'ada@example.com')).toBe(false);
    expect(deletionConfirmed(' Ada@Example.com ', 'ada@example.com')).toBe(true);
  });

  it('keeps the delete button disabled until the email is typed', async () => {
    render(
      <MemoryRouter>
        <DeleteAccountSection email="ada@example.com" />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    // The modal's Radix part loads on first open (ui/dialog.tsx).
    const confirm = await screen.findByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    fireEvent.change(screen.getByLabelText(/to confirm/), { target: { value: 'ada@example.com' } });
    expect(confirm).toBeEnabled();
  });
});

describe('avatar URL', () => {
  it('is optional, but must be http(s) when given', () => {
    expect(validateAvatarUrl('')).toBeNull();
    expect(validateAvatarUrl('https://example.com/a.png')).toBeNull();
    expect(validateAvatarUrl('javascript:alert(1)')).toBe('Invalid URL format');
  });
});
