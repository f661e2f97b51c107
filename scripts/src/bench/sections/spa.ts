import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEFAULT_WEB_DIR } from '../../local-stack.ts';
import { line, type Part, type Row } from '../report.ts';

/** Initial JS and CSS of the built SPA (gzip) per area, and whether learner pages load admin code. */
export function spaSection(): Part {
  const rows: Row[] = [];
  const dist = DEFAULT_WEB_DIR;
  const manifestFile = join(dist, '.vite', 'manifest.json');
  if (!existsSync(join(dist, 'index.html')) || !existsSync(manifestFile)) {
    rows.push({
      what: 'SPA landing initial JS+CSS (gzip)',
      value: 'not built',
      budget: '≤ 150 KB',
      met: null,
    });
    return { rows, sections: ['## SPA\n\nweb/dist is missing: run `npm run build` first.'] };
  }
  // A web/dist that a test run left behind (vitest sets NODE_ENV=test) is a development build:
  // measuring it would report React's development JSX runtime as the product's bytes.
  if (readFileSync(manifestFile, 'utf8').includes('jsx-dev-runtime')) {
    rows.push({
      what: 'SPA landing initial JS+CSS (gzip)',
      value: 'development build',
      budget: '≤ 150 KB',
      met: null,
    });
    return {
      rows,
      sections: ['## SPA\n\nweb/dist is a development build: run `npm run build` first.'],
    };
  }
  const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;
  type Entry = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
  /** Every file an entry needs before it runs: itself, its static imports, their CSS. */
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    const e = manifest[key];
    if (!e || seen.has(e.file)) return seen;
    seen.add(e.file);
    for (const c of e.css ?? []) seen.add(c);
    for (const i of e.imports ?? []) closure(i, seen);
    return seen;
  };
  const initial = closure('index.html');
  const area = (key: string) => new Set([...initial, ...closure(key)]);
  const kb = (files: Set<string>) => [...files].reduce((sum, f) => sum + gz(f), 0);
  const keyOf = (name: string) => Object.keys(manifest).find((k) => k.endsWith(name)) ?? '';
  const learnerKey = keyOf('learner-pages.tsx');
  const lessonKey = keyOf('lesson-route.tsx');
  const adminKey = keyOf('admin-app.tsx');
  const learner = area(learnerKey);
  const lesson = area(lessonKey);
  const admin = area(adminKey);
  const adminOnly = [...closure(adminKey)].filter((f) => !learner.has(f) && !initial.has(f));
  const adminLeak = [...learner, ...lesson].some((f) => f === manifest[adminKey]?.file);
  // hls.js: the lesson part starts its download as it loads (preloadHls), before the player needs it.
  const hls = Object.values(manifest).find((e) => /\/hls\.light[-.]/.test(`/${e.file}`))?.file;
  // zod (v4 keeps its internals under `_zod`) belongs to the forms and pages that validate, not
  // to the first screen: one import of a schema module on the landing's path brings ~30 KB.
  const zodOnLanding = [...initial].some(
    (f) => f.endsWith('.js') && readFileSync(join(dist, f), 'utf8').includes('_zod'),
  );
  const landingKb = kb(initial);
  rows.push({
    what: 'SPA landing initial JS+CSS (gzip)',
    value: `${landingKb.toFixed(1)} KB`,
    budget: '≤ 150 KB',
    met: landingKb <= 150,
  });
  // Kannada and Hindi (issue 33): the landing also fetches its language's shell part of the
  // catalogue before the app renders (web/src/lib/i18n.ts, web/src/locales/parts.ts; other
  // screens' parts come with their screens); the Noto faces come only to a phone without its own.
  const perLanguage: { language: string; catalogue: string; kb: number; fonts: string[] }[] = [];
  for (const [code, language] of [
    ['kn', 'Kannada'],
    ['hi', 'Hindi'],
  ] as const) {
    const catalogue = manifest[keyOf(`src/locales/${code}.json?catalogue-part=shell`)]?.file ?? '';
    const script = code === 'kn' ? 'kannada' : 'devanagari';
    const fonts = Object.values(manifest)
      .map((e) => e.file)
      .filter((f) => f.includes(`noto-sans-${script}-${script}-`) && f.endsWith('.woff2'));
    const withCatalogue = landingKb + (catalogue ? gz(catalogue) : 0);
    perLanguage.push({ language, catalogue, kb: withCatalogue, fonts });
    rows.push({
      what: `SPA landing initial JS+CSS in ${language}, its catalogue's shell included (gzip)`,
      value: catalogue ? `${withCatalogue.toFixed(1)} KB` : 'no catalogue',
      budget: '≤ 150 KB',
      met: Boolean(catalogue) && withCatalogue <= 150,
    });
  }
  rows.push({
    what: 'zod loaded by the landing page',
    value: zodOnLanding ? 'yes' : 'no',
    budget: 'no',
    met: !zodOnLanding,
  });
  rows.push({
    what: 'admin code loaded by learner routes',
    value: adminLeak ? 'yes' : 'no',
    budget: 'no',
    met: !adminLeak,
  });
  // The service worker's precache (issue 32): every file its list names (web/build/pwa.ts).
  const sw = join(dist, 'sw.js');
  const precached = existsSync(sw)
    ? [...readFileSync(sw, 'utf8').matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!)
    : [];
  const precacheKb = precached.reduce((sum, f) => sum + gz(f), 0);
  rows.push({
    what: "service worker's precache (gzip)",
    value: precached.length ? `${precacheKb.toFixed(1)} KB, ${precached.length} files` : 'none',
    budget: '≤ 400 KB',
    met: precached.length > 0 && precacheKb <= 400,
  });
  const lines = [
    line(['route', 'JS and CSS needed before it renders', 'gzip KB']),
    line(['---', '---', '---']),
  ];
  // The language names every page shows, in faces cut to them (web/build/endonym-fonts.ts).
  const endonymFaces = Object.entries(manifest)
    .filter(([key]) => key.includes('gia-endonym-fonts/'))
    .map(([, e]) => `${e.file} (${(readFileSync(join(dist, e.file)).length / 1024).toFixed(1)})`);
  lines.push(
    line([
      '/ (landing)',
      `${[...initial].join(', ')}${endonymFaces.length ? `; on a phone without its own Noto, for the language names: ${endonymFaces.join(', ')}` : ''}`,
      landingKb.toFixed(1),
    ]),
  );
  for (const l of perLanguage) {
    const fonts = l.fonts.map(
      (f) => `${f} (${(readFileSync(join(dist, f)).length / 1024).toFixed(1)})`,
    );
    lines.push(
      line([
        `/ in ${l.language}`,
        `initial + ${l.catalogue}; on a phone without its own Noto, as its letters need them: ${fonts.join(', ')}`,
        l.kb.toFixed(1),
      ]),
    );
  }
  const lessonOnly = [...closure(lessonKey)].filter((f) => !initial.has(f));
  lines.push(
    line([
      '/GetTopic (the lesson; then hls.js)',
      `initial + ${lessonOnly.join(', ')}${hls ? `; then ${hls} (${gz(hls).toFixed(1)})` : ''}`,
      kb(lesson).toFixed(1),
    ]),
  );
  lines.push(
    line([
      '/MyCourse, /CartScreen, /Profile … (learner pages)',
      `initial + ${[...closure(learnerKey)].filter((f) => !initial.has(f)).join(', ')}`,
      kb(learner).toFixed(1),
    ]),
  );
  lines.push(line(['admin area', `initial + ${adminOnly.join(', ')}`, kb(admin).toFixed(1)]));
  // The message catalogues' parts (issue 33, web/src/locales/parts.ts): each fetched beside the
  // code of the screens that use it (the rows above count the code only), the English shell in
  // the main chunk.
  const parts = Object.entries(manifest)
    .map(([key, e]) => ({ match: /src\/locales\/(\w+)\.json\?catalogue-part=(\w+)$/.exec(key), e }))
    .filter(({ match }) => match)
    .map(({ match, e }) => `${match![1]} ${match![2]} (${gz(e.file).toFixed(1)})`)
    .sort();
  if (parts.length) {
    lines.push(line(['message catalogue parts, each with its screens', parts.join(', '), '']));
  }
  return { rows, sections: ['## SPA\n\n' + lines.join('\n')] };
}
