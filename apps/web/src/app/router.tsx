import { useEffect } from 'react';
import { BrowserRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { errorLogger } from '../lib/telemetry/error-logger';
import { eventTracker } from '../lib/telemetry/event-tracker';
import { buildRoutes } from './routes';

/*
 * Declarative routing (BrowserRouter + useRoutes) rather than createBrowserRouter: the app uses
 * no loaders, actions or fetchers, and the data router's machinery is most of react-router's
 * weight in the first load.
 */

const routes = buildRoutes();

function AppRoutes() {
  return useRoutes(routes);
}

let navigateFromOutside: ((path: string, state?: unknown) => void) | null = null;

/** Lends the router's navigate to code outside React (a session that ended elsewhere). */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateFromOutside = (path, state) => void navigate(path, { state });
    return () => {
      navigateFromOutside = null;
    };
  }, [navigate]);
  return null;
}

/** Each page the user reaches becomes a breadcrumb of later error reports. */
function NavigationBreadcrumbs() {
  const { pathname } = useLocation();
  useEffect(() => {
    errorLogger.addBreadcrumb('navigation', pathname);
    eventTracker.track('page_view', { path: pathname });
  }, [pathname]);
  return null;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <NavigateBridge />
      <NavigationBreadcrumbs />
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Client-side navigation for non-React code; a full page load (no state) before the router is up. */
export function navigateTo(path: string, state?: unknown): void {
  if (navigateFromOutside) navigateFromOutside(path, state);
  else window.location.assign(path);
}
