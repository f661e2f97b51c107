/*
 * The prerendered lesson page's app on cue (issue 30): its scripts and stylesheet wait in a
 * <template> until the boot script starts them (web/src/boot/boot.ts).
 */
import { BOOT_NAMES } from '../src/lib/boot-contract.ts';

/** The app's own tags in <head>: its module script, its module preloads, its deferred stylesheet. */
const APP_TAGS = [
  /<script type="module"[^>]*><\/script>\s*/g,
  /<link rel="modulepreload"[^>]*>\s*/g,
  /<link rel="stylesheet"[^>]*data-beasties-media[^>]*>\s*/g,
];

/**
 * Moves the app's tags of `<head>` into `<template id="gia-app">`, which the boot script empties
 * when the app may start (web/src/boot/boot.ts): nothing in a template is fetched or run.
 */
export function appOnCue(html: string, file: string): string {
  const end = html.indexOf('</head>');
  let head = html.slice(0, end);
  const moved: string[] = [];
  for (const tag of APP_TAGS) {
    head = head.replace(tag, (found) => {
      moved.push(found.trim());
      return '';
    });
  }
  if (!moved.some((t) => t.startsWith('<script')))
    throw new Error(`${file}: no app script to hold`);
  return `${head}<template id="${BOOT_NAMES.appTemplate}">${moved.join('')}</template>\n${html.slice(end)}`;
}
