/** A message catalogue compiled by @lingui/vite-plugin (web/lingui.config.ts). */
declare module '*.json?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The catalogues in parts (web/build/catalogue-parts.ts, src/locales/parts.ts). */
declare module 'virtual:catalogue-parts' {
  import type { Messages } from '@lingui/core';
  /** The language the catalogues are written in (lingui.config's `sourceLocale`). */
  export const SOURCE_LOCALE: string;
  /** The source language's shell part, compiled into the chunk that imports this module. */
  export const sourceShell: Messages;
  /** One part of one language's catalogue, a chunk of its own (the source's shell excepted). */
  export function loadPart(locale: string, part: string): Promise<Messages>;
}
