import { MESSAGES } from '@parallax/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignupScreen } from './signup-screen';

function renderSignup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SignupScreen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sign-up form validation', () => {
  it('shows inline messages for a blank submit and sends nothing', () => {
    renderSignup();
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(MESSAGES.inputRequired)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
  });

  it('names the email rule and the password length as the user leaves each field', () => {
    renderSignup();
    const email = screen.getByLabelText('Email');
    fireEvent.change(email, { target: { value: 'ada@example' } });
    fireEvent.blur(email);
    expect(screen.getByText(MESSAGES.invalidEmail)).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    fireEvent.change(password, { target: { value: 'short' } });
    fireEvent.blur(password);
    expect(screen.getByText('Use at least 8 characters')).toBeInTheDocument();
    fireEvent.change(password, { target: { value: 'Correct horse battery 9' } });
    expect(screen.queryByText('Use at least 8 characters')).toBeNull();
    expect(screen.getByText(/Strength: Strong/)).toBeInTheDocument();
  });

  it('the password can be shown and hidden', () => {
    renderSignup();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });
});
