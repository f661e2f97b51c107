/**
 * `npm run notes:print`: prints the Kannada and Hindi lesson notes (scripts/src/demo-printed-notes.ts)
 * to PDF with headless Chromium, so their letters are shaped as a reader sees them (pdf-lib cannot
 * shape Indian scripts), into scripts/assets/notes/. Run by hand after changing the notes' text and
 * commit the PDFs: `npm start` uploads them and never needs Chromium. The fonts are Noto Sans
 * Kannada and Noto Sans Devanagari (`@fontsource`), embedded in the page so nothing is fetched.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { UiLanguage } from '@gia/shared';
import { launchChromium } from './chromium.ts';
import { PRINTED_NOTES, printedNotesUrl, type PrintedNotes } from './demo-printed-notes.ts';

const require = createRequire(import.meta.url);

/** The @fontsource package of each script's font (its Latin subset prints the digits and formulas). */
const FONT_PACKAGES: Record<UiLanguage, string> = {
  en: '@fontsource/noto-sans-kannada',
  kn: '@fontsource/noto-sans-kannada',
  hi: '@fontsource/noto-sans-devanagari',
};

/** A font package's `@font-face` rules at `weight`, each font file inlined as a data URL. */
function fontFaces(pkg: string, weight: number): string {
  const cssFile = require.resolve(`${pkg}/${weight}.css`);
  return readFileSync(cssFile, 'utf8')
    .replace(/,\s*url\([^)]*\.woff\) format\('woff'\)/g, '') // woff2 is enough for Chromium
    .replace(/url\(\.\/files\/([^)]+\.woff2)\)/g, (_, file: string) => {
      const bytes = readFileSync(join(dirname(cssFile), 'files', file));
      return `url(data:font/woff2;base64,${bytes.toString('base64')})`;
    });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The notes as one HTML document: a page per page of the notes, the title heading the first. */
export function notesHtml(notes: PrintedNotes): string {
  const pkg = FONT_PACKAGES[notes.language];
  const family = pkg === FONT_PACKAGES.hi ? 'Noto Sans Devanagari' : 'Noto Sans Kannada';
  const pages = notes.pages.map((text, i) => {
    const paragraphs = text
      .split(/\n\s*\n/)
      .map((p) => `<p>${escapeHtml(p.trim())}</p>`)
      .join('\n');
    return `<section>${i === 0 ? `<h1>${escapeHtml(notes.title)}</h1>` : ''}\n${paragraphs}</section>`;
  });
  return `<!doctype html>
<html lang="${notes.language}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(notes.title)}</title>
<style>
${fontFaces(pkg, 400)}
${fontFaces(pkg, 700)}
@page { size: A4; margin: 20mm 18mm; }
body { font-family: '${family}', sans-serif; font-size: 12.5pt; line-height: 1.7; color: #1a1a1a; }
h1 { font-size: 20pt; color: #1a3366; margin: 0 0 12pt; }
p { margin: 0 0 10pt; }
section { break-after: page; }
section:last-child { break-after: auto; }
</style>
</head>
<body>
${pages.join('\n')}
</body>
</html>`;
}

/** Prints every notes file to its PDF; answers the files written. */
export async function printNotes(): Promise<string[]> {
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    const page = await browser.newPage();
    for (const notes of PRINTED_NOTES) {
      await page.setContent(notesHtml(notes), { waitUntil: 'load' });
      // Printed only once the embedded faces are loaded (the page has no DOM types here).
      await page.evaluate('document.fonts.ready.then(() => true)');
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, tagged: false });
      const file = fileURLToPath(printedNotesUrl(notes));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, pdf);
      written.push(file);
    }
  } finally {
    await browser.close();
  }
  return written;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printNotes()
    .then((files) => files.forEach((f) => console.log(`Wrote ${f}`)))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
