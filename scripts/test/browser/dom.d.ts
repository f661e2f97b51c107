// Code passed to page.evaluate() runs in the browser, where Web Storage and the CSSOM exist.
declare global {
  interface TestStorage {
    readonly length: number;
    key(index: number): string | null;
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
  }
  var sessionStorage: TestStorage;
  var localStorage: TestStorage;
  interface TestVideo {
    readyState: number;
    duration: number;
    currentTime: number;
    dispatchEvent(event: unknown): boolean;
    /** Where an element stands (the prerender test's layout checks). */
    getBoundingClientRect(): { x: number; y: number; width: number; height: number };
  }
  /** The lesson player's <video> as a test drives it. */
  interface PlayedVideo {
    muted: boolean;
    currentTime: number;
    paused: boolean;
    ended: boolean;
    play(): Promise<void>;
  }
  var document: {
    querySelector(selector: string): TestVideo | null;
    /** `<html>`: the SPA mirrors the tab's session on `data-session`. */
    documentElement: { dataset: Record<string, string | undefined> };
    cookie: string;
  };
  var Event: new (type: string) => unknown;
  function getComputedStyle(element: unknown): { padding: string; display: string };
}
export {};
