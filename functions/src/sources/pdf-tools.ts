import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { notesToolsEnv } from '../lib/env.ts';

/**
 * The edge to the programs that read what pdf.js cannot (issue 33): poppler's `pdftotext`, which
 * honours the `/ActualText` that Chromium and other shaping printers write for Kannada and
 * Devanagari clusters, and `pdftoppm` + `tesseract` for pages with no text layer (scans). Each
 * runs with `execFile` (no shell, arguments as given), in a temporary folder of its own that is
 * removed afterwards, with a timeout (`NOTES_TOOL_TIMEOUT_MS`); paths come from
 * `notesToolsEnv()`.
 */

/** Why a tool gave nothing: not installed, stopped by the timeout, or failed. */
export type ToolProblem = 'missing' | 'timeout' | 'failed';

/** A tool that could not give its output; the caller falls back to what it has. */
export class ToolError extends Error {
  constructor(
    readonly tool: string,
    readonly problem: ToolProblem,
    detail: string,
  ) {
    super(`${tool}: ${problem} (${detail})`);
    this.name = 'ToolError';
  }
}

/** Output of a whole notes file's text layer stays far below this (200 pages of text). */
const MAX_OUTPUT = 64 * 1024 * 1024;

/** Runs one tool to its end and answers its standard output (UTF-8). */
function run(tool: string, path: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      path,
      args,
      {
        cwd,
        timeout: notesToolsEnv().NOTES_TOOL_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: MAX_OUTPUT,
        encoding: 'utf8',
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const e = err as NodeJS.ErrnoException & { killed?: boolean; signal?: string };
        if (e.code === 'ENOENT') reject(new ToolError(tool, 'missing', path));
        else if (e.killed || e.signal === 'SIGKILL') reject(new ToolError(tool, 'timeout', path));
        else reject(new ToolError(tool, 'failed', String(stderr || e.message).slice(0, 300)));
      },
    );
  });
}

/** The tesseract languages of each script its orientation and script detection may name. */
const OSD_SCRIPTS: Record<string, string> = {
  Kannada: 'kan+eng',
  Devanagari: 'hin+eng',
  Latin: 'eng',
};

/** The tesseract languages when nothing tells the page's script. */
export const ALL_OCR_LANGUAGES = 'kan+hin+eng';

/** One PDF written to a temporary folder, with the tools' reads of it. */
export interface PdfOnDisk {
  /** Every page's text layer as poppler reads it (with `/ActualText`), page by page. */
  textPages(): Promise<string[]>;
  /** The tesseract languages for a page by its script (OSD), or undefined when it cannot tell. */
  pageLanguages(page: number): Promise<string | undefined>;
  /** A page's text by OCR in these tesseract languages (e.g. `kan+eng`). */
  ocrPage(page: number, languages: string): Promise<string>;
}

/**
 * Writes the PDF to a new temporary folder, gives `use` its reads, and removes the folder
 * afterwards whatever happened.
 */
export async function withPdfOnDisk<T>(
  bytes: Uint8Array,
  use: (pdf: PdfOnDisk) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'gia-notes-'));
  try {
    await writeFile(join(dir, 'notes.pdf'), bytes);
    const tools = notesToolsEnv();
    const rendered = new Set<number>();
    const image = async (page: number) => {
      const name = `page-${page}`;
      if (!rendered.has(page)) {
        // 300 dpi grey: what tesseract reads best; one page at a time keeps /tmp small.
        const p = String(page);
        const args = ['-r', '300', '-gray', '-png', '-f', p, '-l', p, '-singlefile'];
        await run('pdftoppm', tools.PDFTOPPM_PATH, [...args, 'notes.pdf', name], dir);
        rendered.add(page);
      }
      return `${name}.png`;
    };
    return await use({
      async textPages() {
        const out = await run(
          'pdftotext',
          tools.PDFTOTEXT_PATH,
          ['-enc', 'UTF-8', 'notes.pdf', '-'],
          dir,
        );
        // A form feed ends every page, the last one included.
        const pages = out.split('\f');
        if (pages.at(-1)?.trim() === '') pages.pop();
        return pages;
      },
      async pageLanguages(page) {
        try {
          const out = await run(
            'tesseract',
            tools.TESSERACT_PATH,
            [await image(page), '-', '--psm', '0', '-l', 'osd'],
            dir,
          );
          return OSD_SCRIPTS[/^Script: (\w+)/m.exec(out)?.[1] ?? ''];
        } catch (err) {
          // Too few letters to tell the script is an answer too: "don't know".
          if (err instanceof ToolError && err.problem === 'failed') return undefined;
          throw err;
        }
      },
      async ocrPage(page, languages) {
        return run(
          'tesseract',
          tools.TESSERACT_PATH,
          [await image(page), '-', '-l', languages, '--psm', '6'],
          dir,
        );
      },
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
