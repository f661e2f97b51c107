import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page starts at its top: a tap on a link further down a page (the third search result, a
 * lesson low in a chapter's list) opens the next page where it begins, the player in view, not
 * at the old page's scroll. Back and forward keep the browser's own restoring; a change of the
 * query alone (a search's chips, the next lesson's topic in the same player) stays where it is.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  useLayoutEffect(() => {
    if (navigation !== 'POP') window.scrollTo(0, 0);
    // The page (its path) is what starts anew; the kind of move is read with it.
  }, [pathname]);
  return null;
}
