import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { returnPathFrom } from '../components/return-path';
import { useAuth } from './use-auth';

/**
 * For the sign-in and sign-up screens: once the user is signed in (now, or already on
 * arrival), go where they were heading (spec §4). Returns that path for the OAuth buttons.
 */
export function useReturnWhenSignedIn(): string {
  const { isAuthenticated, isLoading } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = returnPathFrom(location.state);
  // A stored session counts once the server has confirmed it: a stale one shows the form.
  const signedIn = isAuthenticated && !isLoading;
  useEffect(() => {
    if (signedIn) void navigate(target, { replace: true });
  }, [signedIn, navigate, target]);
  return target;
}
