import { useEffect } from 'react';

/** The browser tab's title while a page shows (`undefined`: left as it is), restored after. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
