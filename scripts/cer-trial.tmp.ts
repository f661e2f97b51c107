import { execFileSync } from 'node:child_process';
import { PRINTED_NOTES, printedNotesUrl, printedPageTexts } from './src/demo-printed-notes.ts';
import { characterErrorRate } from './src/notes-cer.ts';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
for (const n of PRINTED_NOTES) {
  const file = fileURLToPath(printedNotesUrl(n));
  const ref = printedPageTexts(n).join(' ');
  const pt = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString().replace(/\f/g, ' ');
  const dir = mkdtempSync('/tmp/ocr-');
  execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', file, `${dir}/p`]);
  const lang = n.language === 'kn' ? 'kan+eng' : 'hin+eng';
  let ocr = '';
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.png')).sort()) {
    ocr += execFileSync('tesseract', [`${dir}/${f}`, '-', '-l', lang, '--psm', '6'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString() + ' ';
  }
  console.log(n.file, 'pdftotext', characterErrorRate(ref, pt).toFixed(4), 'ocr', characterErrorRate(ref, ocr).toFixed(4));
}
