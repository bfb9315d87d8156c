import { FEATURE_FLAGS } from '@parallax/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PUBLIC_CONFIG, usePublicConfigStore } from '../store/public-config-store';
import { MockApiNotice } from './mock-api-notice';

afterEach(() => {
  usePublicConfigStore.setState({ status: 'loading', config: FALLBACK_PUBLIC_CONFIG });
});

describe('the mock API notice', () => {
  it('takes no room while the flag is off', () => {
    render(<MockApiNotice />);
    expect(document.documentElement.style.getPropertyValue('--app-notice-h')).toBe('');
  });

  it('is absent with the flag off (the default) and says where answers come from when on', () => {
    render(<MockApiNotice />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() =>
      usePublicConfigStore.setState({
        status: 'ready',
        config: { ...FALLBACK_PUBLIC_CONFIG, flags: { ...FEATURE_FLAGS, mock_api: true } },
      }),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Demo mode: every answer comes from the offline demo model, whichever model you pick.',
    );
    // Full-height screens make room for the bar.
    expect(document.documentElement.style.getPropertyValue('--app-notice-h')).toBe('2rem');
  });
});
