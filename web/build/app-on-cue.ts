/*
 * A prerendered page's app on cue (issue 30): its script waits in a <template> until the boot
 * script starts it (web/src/boot/boot.ts), once the page has painted from its HTML; the lesson
 * page's preloads and stylesheet wait too, until its first video segment is in.
 */
import { BOOT_NAMES } from '../src/lib/boot-contract.ts';

/** The app's module script in <head>. */
const APP_SCRIPT = /<script type="module"[^>]*><\/script>\s*/g;

/** The app's own tags in <head>: its module script, its module preloads, its deferred stylesheet. */
const APP_TAGS = [
  APP_SCRIPT,
  /<link rel="modulepreload"[^>]*>\s*/g,
  /<link rel="stylesheet"[^>]*data-beasties-media[^>]*>\s*/g,
];

/**
 * Moves the app's tags of `<head>` into `<template id="gia-app">`, which the boot script empties
 * when the app may start (web/src/boot/boot.ts): nothing in a template is fetched or run. `script`
 * holds the module script only (its preloads are fetched at once, and run with it); `all` its
 * preloads and deferred stylesheet too (the lesson page, whose first segment comes first).
 */
export function appOnCue(html: string, file: string, hold: 'script' | 'all' = 'all'): string {
  const end = html.indexOf('</head>');
  let head = html.slice(0, end);
  const moved: string[] = [];
  for (const tag of hold === 'all' ? APP_TAGS : [APP_SCRIPT]) {
    head = head.replace(tag, (found) => {
      moved.push(found.trim());
      return '';
    });
  }
  if (!moved.some((t) => t.startsWith('<script')))
    throw new Error(`${file}: no app script to hold`);
  return `${head}<template id="${BOOT_NAMES.appTemplate}">${moved.join('')}</template>\n${html.slice(end)}`;
}
