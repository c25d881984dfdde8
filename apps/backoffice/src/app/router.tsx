import { createBrowserRouter } from 'react-router';
import { page } from './page-module';
import { RouteError } from './route-error';
import { sections } from './sections';
import { Shell } from './shell';

/** The back office under /admin/: the sign-in callback, then every section's pages inside the shell. */
export const router = createBrowserRouter(
  [
    { path: '/callback', lazy: page(() => import('./callback-route')) },
    {
      path: '/',
      Component: Shell,
      ErrorBoundary: RouteError,
      children: [...sections.flatMap((s) => s.routes), { path: '*', lazy: page(() => import('./not-found')) }],
    },
  ],
  { basename: '/admin' },
);
