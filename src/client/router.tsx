import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { type LivePage, paths } from '#shared/routes';
import { RootLayout } from './components/layout/root-layout';
import { Spinner } from './components/ui/spinner';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';

/** A page module loaded on first visit, so the landing page's bundle stays small. */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  const Page = lazy(async (): Promise<{ default: ComponentType }> => ({
    default: (await load())[name],
  }));
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-24">
          <Spinner label="Loading..." />
        </div>
      }
    >
      <Page />
    </Suspense>
  );
}

/**
 * One entry for each page in livePages (src/shared/routes.ts); the type makes a missing or
 * unknown page a compile error. The landing page is bundled eagerly because it is the first
 * page most visitors see; the others load lazily.
 *
 * Declarative routing (BrowserRouter + Routes) rather than the data router: the data APIs would
 * add about 17 KB gzipped to every first page load, and TanStack Query already loads data.
 */
const pages: Record<LivePage, ReactElement> = {
  '/': <LandingPage />,
  '/login': lazyPage(() => import('./routes/login'), 'LoginPage'),
  '/confirm-email': lazyPage(() => import('./routes/confirm-email'), 'ConfirmEmailPage'),
  '/exam-registration': lazyPage(
    () => import('./routes/exam-registration'),
    'ExamRegistrationPage',
  ),
  '/payment-verification': lazyPage(
    () => import('./routes/payment-verification'),
    'PaymentVerificationPage',
  ),
  '/payment-success': lazyPage(() => import('./routes/payment-success'), 'PaymentSuccessPage'),
  '/dashboard': lazyPage(() => import('./routes/dashboard'), 'DashboardPage'),
  '/exam': lazyPage(() => import('./routes/exam'), 'ExamPage'),
  '/study-materials': lazyPage(() => import('./routes/study-materials'), 'StudyMaterialsPage'),
  '/profile': lazyPage(() => import('./routes/profile'), 'ProfilePage'),
  '/admin/login': lazyPage(() => import('./routes/admin-login'), 'AdminLoginPage'),
  '/admin/dashboard': lazyPage(() => import('./routes/admin-dashboard'), 'AdminDashboardPage'),
  '/dev/mailbox': lazyPage(() => import('./routes/dev-mailbox'), 'DevMailboxPage'),
};

/** Pages with a parameter (livePagePrefixes in src/shared/routes.ts). */
const testCheckoutPage = lazyPage(() => import('./routes/test-checkout'), 'TestCheckoutPage');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {Object.entries(pages).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path={`${paths.testCheckout}/:sessionId`} element={testCheckoutPage} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
