import { useEffect, useRef } from 'react';

/**
 * Calls `reset` when the browser shows this page again from its back/forward cache (Back from a
 * hosted checkout): a page restored as it was left would keep a button stuck on "Opening...".
 */
export function useResetOnReturn(reset: () => void) {
  const latest = useRef(reset);
  useEffect(() => {
    latest.current = reset;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
