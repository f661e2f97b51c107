import { useEffect, useSyncExternalStore } from 'react';

/** One TeX run to MathML markup, or null when the TeX cannot be read. */
export type TexRenderer = (tex: string, display: boolean) => string | null;

let renderer: TexRenderer | null = null;
let loading: Promise<TexRenderer> | null = null;
const listeners = new Set<() => void>();

/**
 * Fetches the maths renderer (its own chunk: Temml and its stylesheet) once, for every text on
 * the page. A failed fetch (offline) is forgotten, so the next text with maths tries again.
 */
export function loadMath(): Promise<TexRenderer> {
  loading ??= import('./tex-to-mathml.ts').then(
    (m) => {
      renderer = m.texToMathml;
      for (const listener of listeners) listener();
      return m.texToMathml;
    },
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The maths renderer once it has loaded, else null. `needed` starts the fetch: a page whose texts
 * hold no maths never requests it. Prerendered HTML (and hydration) shows the TeX source.
 */
export function useTexRenderer(needed: boolean): TexRenderer | null {
  const current = useSyncExternalStore(
    subscribe,
    () => renderer,
    () => null,
  );
  useEffect(() => {
    // Until it loads (or if it cannot), the learner reads the TeX source.
    if (needed && !renderer) loadMath().catch(() => undefined);
  }, [needed]);
  return current;
}
