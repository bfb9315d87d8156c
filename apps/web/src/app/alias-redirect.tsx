import { aliasTarget } from '@parallax/contract';
import { Navigate, useLocation } from 'react-router';
import { NotFoundPage } from './not-found-page';

/** A guessed address inside the app (/projects): on to its route, query and hash kept. */
export function AliasRedirect() {
  const { pathname, search, hash } = useLocation();
  const target = aliasTarget(pathname);
  if (target === undefined) return <NotFoundPage />;
  return <Navigate to={`${target}${search}${hash}`} replace />;
}
