// Code passed to page.evaluate() runs in the browser, where Web Storage exists.
declare global {
  // eslint-disable-next-line no-var
  var sessionStorage: { getItem(key: string): string | null };
  // eslint-disable-next-line no-var
  var localStorage: { getItem(key: string): string | null };
}
export {};
