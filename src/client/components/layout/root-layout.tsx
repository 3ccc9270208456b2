import { Outlet, ScrollRestoration } from 'react-router';
import { NavBar } from './nav-bar';
import { StarField } from './star-field';

export function RootLayout() {
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
      <ScrollRestoration />
    </>
  );
}
