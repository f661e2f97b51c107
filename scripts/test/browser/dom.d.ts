// Code passed to page.evaluate() runs in the browser, where Web Storage and the CSSOM exist.
declare global {
  var sessionStorage: { getItem(key: string): string | null };
  var localStorage: { getItem(key: string): string | null };
  interface TestVideo {
    readyState: number;
    duration: number;
    currentTime: number;
    dispatchEvent(event: unknown): boolean;
  }
  /** The lesson player's <video> as a test drives it. */
  interface PlayedVideo {
    muted: boolean;
    currentTime: number;
    paused: boolean;
    ended: boolean;
    play(): Promise<void>;
  }
  var document: { querySelector(selector: string): TestVideo | null };
  var Event: new (type: string) => unknown;
  function getComputedStyle(element: unknown): { padding: string };
}
export {};
