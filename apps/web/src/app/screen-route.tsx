import { MESSAGES, type RouteDef } from '@parallax/contract';
import { ShieldAlert } from 'lucide-react';
import { Suspense, useEffect, useMemo } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth';
import { buttonClasses } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorBoundary } from '../ui/error-boundary/error-boundary';
import { FullScreenLoader, ScreenPlaceholder } from '../ui/full-screen-loader';
import { preloadGroup } from './groups/load-group';
import { decideGuard } from './guards/guard-decision';
import { SignUpModal } from './guards/sign-up-modal';
import { useDocumentTitle } from '../lib/document-title';
import { SCREEN_TITLES } from './screen-titles';
import { preloadNextScreen, screenComponent } from './lazy-screens';
import { schedulePreloads } from './preload';

function Screen({ route }: { route: RouteDef }) {
  // Chosen once per route: switching from the lazy wrapper to the loaded component on a later
  // render would remount the screen and lose its state.
  const Lazy = useMemo(() => screenComponent(route), [route]);
  const { pathname } = useLocation();
  useDocumentTitle(SCREEN_TITLES[route.screen]);
  useEffect(() => {
    preloadNextScreen(route.screen);
    schedulePreloads(route.screen, route.group, preloadGroup);
  }, [route.screen, route.group]);
  // A screen is a section of the shell (spec §2): its fault leaves the navigation usable; the
  // page-level boundary in main.tsx is for faults of the shell itself.
  return (
    <ErrorBoundary level="section" resetKeys={[pathname]}>
      <Suspense fallback={<ScreenPlaceholder text={route.loadingText} />}>
        <Lazy />
      </Suspense>
    </ErrorBoundary>
  );
}

/** One spec §2 route: guard first, then the lazily loaded screen. */
export function ScreenRoute({ route }: { route: RouteDef }) {
  const { isLoading, isAuthenticated, isAdmin } = useAuth();
  const location = useLocation();
  const decision = decideGuard(route, { isLoading, isAuthenticated, isAdmin }, location);
  switch (decision.kind) {
    case 'loading':
      return <FullScreenLoader text={MESSAGES.loading} />;
    case 'redirect':
      return <Navigate to={decision.to} replace state={decision.state} />;
    case 'forbidden':
      return (
        <EmptyState
          icon={ShieldAlert}
          title="Access denied"
          description={MESSAGES.forbidden}
          action={
            <Link to="/" className={buttonClasses('primary')}>
              Go home
            </Link>
          }
          className="min-h-[60vh]"
        />
      );
    case 'modal':
      return (
        <>
          <Screen route={route} />
          <SignUpModal />
        </>
      );
    case 'render':
      return <Screen route={route} />;
  }
}
