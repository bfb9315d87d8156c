import { describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_STEP_PATH } from '@parallax/contract';
import { continueSignIn, readTwoFactorStep } from './continue-sign-in';

describe('the two-factor step', () => {
  it('opens the step with the challenge and where to return, instead of signing in', async () => {
    const navigate = vi.fn(() => Promise.resolve());
    const signedIn = await continueSignIn(
      { kind: 'two-factor', challenge: 'c-123' },
      navigate,
      '/project/42',
    );
    expect(signedIn).toBe(false);
    expect(navigate).toHaveBeenCalledWith(TWO_FACTOR_STEP_PATH, {
      state: { challenge: 'c-123', returnTo: '/project/42' },
    });
  });

  it("reads the challenge from the router state, else from Apple's redirect query", () => {
    expect(readTwoFactorStep({ challenge: 'a', returnTo: '/chats' }, '?challenge=b')).toEqual({
      challenge: 'a',
      returnTo: '/chats',
    });
    expect(readTwoFactorStep(null, '?challenge=b')).toEqual({ challenge: 'b', returnTo: null });
    expect(readTwoFactorStep({ challenge: '' }, '')).toBeNull();
    expect(readTwoFactorStep({ from: '/x' }, '?other=1')).toBeNull();
  });
});
