import type { AdminFeatureFlag } from '@parallax/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeatureFlagRow } from './feature-flag-row';

const GOOGLE: AdminFeatureFlag = {
  name: 'google_sign_in',
  enabled: true,
  default_enabled: true,
  description: 'Offer "Continue with Google" on the sign-in and sign-up screens.',
  updated_at: null,
  updated_by: null,
};

function renderRow(flag: AdminFeatureFlag, saving = false) {
  const onChange = vi.fn();
  render(
    <ul>
      <FeatureFlagRow flag={flag} saving={saving} onChange={onChange} />
    </ul>,
  );
  return onChange;
}

describe('a feature flag row', () => {
  it('names the flag, says what it does, its spec default and that it was never changed', () => {
    renderRow(GOOGLE);
    const toggle = screen.getByRole('switch', { name: 'Google sign-in' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(GOOGLE.description);
    expect(screen.getByText(/Spec default: On\. Never changed/)).toBeInTheDocument();
    expect(screen.queryByText('Changed from default')).toBeNull();
  });

  it('is a button, so the keyboard toggles it: asks to turn the flag off', () => {
    const onChange = renderRow(GOOGLE);
    const toggle = screen.getByRole('switch', { name: 'Google sign-in' });
    expect(toggle.tagName).toBe('BUTTON');
    toggle.focus();
    expect(toggle).toHaveFocus();
    fireEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(false);
  });

  it('shows who changed it and when, marks a value off its default, and waits while saving', () => {
    const at = '2026-11-27T18:00:00.000Z';
    renderRow(
      {
        ...GOOGLE,
        enabled: false,
        updated_at: at,
        updated_by: { id: 'u1', email: 'ops@example.com' },
      },
      true,
    );
    expect(screen.getByRole('switch', { name: 'Google sign-in' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(screen.getByRole('switch', { name: 'Google sign-in' })).toBeDisabled();
    expect(screen.getByText('Changed from default')).toBeInTheDocument();
    expect(
      screen.getByText(
        `Spec default: On. Last changed by ops@example.com on ${new Date(at).toLocaleString()}.`,
      ),
    ).toBeInTheDocument();
  });
});
