import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PUBLIC_CONFIG, usePublicConfigStore } from '../../../app-config';
import { SocialSignIn } from './social-sign-in';

afterEach(() => {
  usePublicConfigStore.setState({ status: 'loading', config: FALLBACK_PUBLIC_CONFIG });
});

const offer = (google: boolean, apple: boolean) =>
  act(() =>
    usePublicConfigStore.setState({
      status: 'ready',
      config: { ...FALLBACK_PUBLIC_CONFIG, sign_in_providers: { google, apple } },
    }),
  );

describe('social sign-in buttons', () => {
  it('shows nothing while the config loads, then exactly the providers the server offers', () => {
    const { container } = render(<SocialSignIn returnTo="/" />);
    expect(container).toBeEmptyDOMElement();
    offer(true, true);
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    // Google's flag turned off by an admin: the server offers Apple only.
    offer(false, true);
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with Apple' })).toBeInTheDocument();
    offer(false, false);
    expect(container).toBeEmptyDOMElement();
  });
});
