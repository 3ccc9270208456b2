import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, type LivePage } from '#shared/routes';
import { RootLayout } from './components/layout/root-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

/**
 * One entry for each page in livePages (src/shared/routes.ts); the type makes a missing or
 * unknown page a compile error. The landing page is bundled eagerly because it is the first
 * page most visitors see; later pages will load lazily.
 */
const pages: Record<LivePage, RouteObject> = {
  [paths.home]: { index: true, element: <LandingPage /> },
};

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootLayout />,
    children: [...Object.values(pages), { path: '*', element: <NotFoundPage /> }],
  },
]);
