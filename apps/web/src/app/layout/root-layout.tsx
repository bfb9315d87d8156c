import { Outlet } from 'react-router';
import { useAuth } from '../../features/auth';
import { RateLimitModal } from '../../ui/rate-limit-modal';
import { Toaster } from '../../ui/toast/toaster';
import { ConnectionNotice } from './connection-notice';

/** Things every screen shares that need the router: toasts, the connection notice and the rate-limit modal. */
export function RootLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <>
      <Outlet />
      <ConnectionNotice />
      <Toaster />
      <RateLimitModal isVisitor={!isAuthenticated} />
    </>
  );
}
