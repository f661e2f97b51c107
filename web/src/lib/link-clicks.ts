/*
 * One click handler for a container of many plain `<a href>` links (search's results): a plain
 * click on one moves within the app, as a router `<Link>` does; a click with a modifier key, with
 * another button, or on a link to another window, origin or a download is left to the browser
 * (react-router's own rule for its links). A long list renders plain anchors — a `<Link>` costs a
 * dozen hooks each, which a keystroke's results would pay dozens of times over.
 */
import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

export function useLinkClicks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = (event.target as Element).closest('a');
      if (!anchor || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    },
    [navigate],
  );
}
