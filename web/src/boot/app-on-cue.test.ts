import { describe, expect, it } from 'vitest';
import { appOnCue } from '../../build/app-on-cue.ts';

const page = `<!doctype html><html><head>
<script src="/assets/boot-a.js"></script>
<title>GIA School</title>
<script type="module" crossorigin src="/assets/index-b.js"></script>
<link rel="modulepreload" crossorigin href="/assets/chunk-c.js">
<link rel="icon" href="/favicon.svg">
<style>.x{}</style>
<link rel="stylesheet" crossorigin href="/assets/index-d.css" media="print" data-beasties-media="all">
<noscript><link rel="stylesheet" crossorigin href="/assets/index-d.css"></noscript>
</head><body><div id="root"></div></body></html>`;

describe('a prerendered page’s app on cue', () => {
  it('holds the module script, its preloads and the deferred stylesheet in the template, and leaves the rest', () => {
    const doc = new DOMParser().parseFromString(appOnCue(page, 'lesson.html'), 'text/html');
    const template = doc.getElementById('gia-app') as HTMLTemplateElement;

    expect([...template.content.children].map((e) => e.outerHTML)).toEqual([
      '<script type="module" crossorigin="" src="/assets/index-b.js"></script>',
      '<link rel="modulepreload" crossorigin="" href="/assets/chunk-c.js">',
      '<link rel="stylesheet" crossorigin="" href="/assets/index-d.css" media="print" data-beasties-media="all">',
    ]);
    // Nothing of the app is left to fetch or run before the boot script says so.
    expect(
      doc.head.querySelectorAll(
        ':scope > script[type=module], :scope > link[rel=modulepreload], :scope > link[media=print]',
      ),
    ).toHaveLength(0);
    expect(doc.head.querySelector(':scope > script')?.getAttribute('src')).toBe(
      '/assets/boot-a.js',
    );
    expect(doc.head.querySelector('link[rel=icon]')).not.toBeNull();
    expect(doc.head.querySelector('noscript')?.innerHTML).toContain('index-d.css');
  });

  it('holds only the module script of a public page: its preloads and stylesheet load at once', () => {
    const doc = new DOMParser().parseFromString(
      appOnCue(page, 'landing.html', 'script'),
      'text/html',
    );
    const template = doc.getElementById('gia-app') as HTMLTemplateElement;
    expect([...template.content.children].map((e) => e.outerHTML)).toEqual([
      '<script type="module" crossorigin="" src="/assets/index-b.js"></script>',
    ]);
    expect(doc.head.querySelector(':scope > script[type=module]')).toBeNull();
    expect(doc.head.querySelector(':scope > link[rel=modulepreload]')).not.toBeNull();
    expect(doc.head.querySelector(':scope > link[media=print]')).not.toBeNull();
  });

  it('refuses a page without the app’s script, which would never start', () => {
    expect(() => appOnCue('<html><head></head><body></body></html>', 'lesson.html')).toThrow(
      'lesson.html: no app script to hold',
    );
  });
});
