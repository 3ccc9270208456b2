import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '../ui/toast';
import { NavBar } from './nav-bar';
import { StarField } from './star-field';

export function RootLayout() {
  const { pathname } = useLocation();
  // A new page starts at its top, as a full page load would. (A block body: newer browsers
  // return a Promise from scrollTo, which React would take for a cleanup function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <>
      <StarField />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-night-950 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <NavBar />
      <main id="main" className="mx-auto w-full max-w-[1200px] px-4 pb-16">
        <Outlet />
      </main>
      <Toaster />
    </>
  );
}
