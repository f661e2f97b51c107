import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { boundaryHydrated, hydrationOver } from '../lib/hydration.ts';

/**
 * Counts this boundary as hydrated (src/lib/hydration.ts) once its content is the app's. A move to
 * another page ends the wait too: a boundary of the page left will never hydrate.
 */
function Hydrated() {
  const { pathname, search } = useLocation();
  const first = useRef(`${pathname}${search}`);
  useEffect(() => boundaryHydrated(), []);
  useEffect(() => {
    if (`${pathname}${search}` !== first.current) hydrationOver();
  }, [pathname, search]);
  return null;
}

/**
 * The app's Suspense boundary. Over a prerendered page, React hydrates each boundary's content on
 * its own, after the rest (and a lazy page's only once its code is in): the language may change
 * only once every one is (`afterHydration`), so none is ever hydrated in a language its HTML was
 * not written in.
 */
export function Boundary({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback}>
      {children}
      <Hydrated />
    </Suspense>
  );
}
