import { useEffect, useState, type RefObject } from 'react';

/** Whether the player's box is full screen (however it got there), and the toggle for it. */
export function useFullscreen(boxRef: RefObject<HTMLElement | null>) {
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === boxRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    else void boxRef.current?.requestFullscreen?.().catch(() => undefined);
  };
  return { fullscreen, toggleFullscreen };
}
