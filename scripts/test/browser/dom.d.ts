// Code passed to page.evaluate() runs in the browser, where Web Storage exists.
declare global {
  var sessionStorage: { getItem(key: string): string | null };
  var localStorage: { getItem(key: string): string | null };
  var document: {
    querySelector(selector: string): { readyState: number; duration: number } | null;
  };
}
export {};
