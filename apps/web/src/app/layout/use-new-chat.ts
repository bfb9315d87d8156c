import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

export const COMPOSER_ELEMENT_ID = 'composer';

/** Opens the home composer: focuses it when it is on screen, otherwise goes home and asks for focus. */
export function useNewChat(): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const composer = document.getElementById(COMPOSER_ELEMENT_ID);
    if (pathname === '/' && composer) composer.focus();
    else void navigate('/', { state: { focusComposer: true } });
  }, [navigate, pathname]);
}
