import { ROUTE_ALIASES, ROUTES } from '@parallax/contract';
import { type RouteObject } from 'react-router';
import { AliasRedirect } from './alias-redirect';
import { AppLayout } from './layout/app-layout';
import { AuthLayout } from './layout/auth-layout';
import { RootLayout } from './layout/root-layout';
import { NotFoundPage } from './not-found-page';
import { ScreenRoute } from './screen-route';

/** The spec §2 route table, generated from the contract so web and server never disagree. */
export function buildRoutes(): RouteObject[] {
  const toRoute = (r: (typeof ROUTES)[number]): RouteObject => ({
    path: r.path,
    element: <ScreenRoute key={r.path} route={r} />,
  });
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <AuthLayout />,
          children: ROUTES.filter((r) => r.group === 'auth').map(toRoute),
        },
        {
          element: <AppLayout />,
          children: [
            ...ROUTES.filter((r) => r.group !== 'auth').map(toRoute),
            ...ROUTE_ALIASES.map((alias) => ({ path: alias.from, element: <AliasRedirect /> })),
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}
