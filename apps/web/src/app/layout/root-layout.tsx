import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth';
import { RateLimitModal } from '../../ui/rate-limit-modal';
import { Toaster } from '../../ui/toast/toaster';

/** Things every screen shares that need the router: toasts and the rate-limit modal. */
export function RootLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <Outlet />
      <Toaster />
      <RateLimitModal isVisitor={!isAuthenticated} />
    </>
  );
}
