import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { type LivePage } from '#shared/routes';
import { RootLayout } from './components/layout/root-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

/**
 * One entry for each page in livePages (src/shared/routes.ts); the type makes a missing or
 * unknown page a compile error. The landing page is bundled eagerly because it is the first
 * page most visitors see; later pages load lazily.
 *
 * Declarative routing (BrowserRouter + Routes) rather than the data router: the data APIs would
 * add about 17 KB gzipped to every first page load, and TanStack Query already loads data.
 */
const pages: Record<LivePage, ReactElement> = {
  '/': <LandingPage />,
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {Object.entries(pages).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
