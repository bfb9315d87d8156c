import { TWO_FACTOR_STEP_PATH } from '@parallax/contract';
import type { NavigateFunction } from 'react-router';
import { completeSignIn } from '../session/session-actions';
import type { SignInResult } from './api/sign-in-result';

/** Router state of the two-factor step: the challenge and where to go once signed in. */
export interface TwoFactorStepState {
  challenge: string;
  returnTo: string;
}

/**
 * After a correct password, mailed code or Google answer: signs in, or (two-factor on for the
 * account) opens the code step. True when signed in now.
 */
export async function continueSignIn(
  result: SignInResult,
  navigate: NavigateFunction,
  returnTo: string,
): Promise<boolean> {
  if (result.kind === 'signed-in') {
    await completeSignIn(result.tokens);
    return true;
  }
  const state: TwoFactorStepState = { challenge: result.challenge, returnTo };
  await navigate(TWO_FACTOR_STEP_PATH, { state });
  return false;
}

/** The step's state from the router, or the `?challenge=` of the server's Apple redirect. */
export function readTwoFactorStep(
  state: unknown,
  search: string,
): { challenge: string; returnTo: string | null } | null {
  if (
    state !== null &&
    typeof state === 'object' &&
    'challenge' in state &&
    typeof state.challenge === 'string' &&
    state.challenge !== ''
  ) {
    const returnTo =
      'returnTo' in state && typeof state.returnTo === 'string' ? state.returnTo : null;
    return { challenge: state.challenge, returnTo };
  }
  const fromQuery = new URLSearchParams(search).get('challenge');
  return fromQuery ? { challenge: fromQuery, returnTo: null } : null;
}
