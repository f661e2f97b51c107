/** Written by web/vite.config.ts into the built app (absent in tests): the year of the build. */
declare const __BUILD_YEAR__: number | undefined;
