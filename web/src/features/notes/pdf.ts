/*
 * The one edge of the notes viewer that knows pdf.js (Mozilla's maintained PDF renderer). pdf.js
 * is its own chunk, asked for when this module loads (the viewer's route), so it downloads beside
 * the lesson's read; its worker is a hashed file of our own origin (`?url`), which the site's CSP
 * (`script-src 'self'`, infra web-hosting.ts) allows as a worker without a blob: URL.
 */
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import type * as PdfJsModule from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let pdfjs: Promise<PdfJs> | undefined;

/** pdf.js itself, loaded once, with its worker set. */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjs ??= import('pdfjs-dist').then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = workerUrl;
    return lib;
  });
  // A failed download is not kept: "Try again" asks anew.
  pdfjs.catch(() => {
    pdfjs = undefined;
  });
  return pdfjs;
}

/** One drawing of a page onto a canvas, which a newer one cancels. */
export interface PageRendering {
  done: Promise<void>;
  cancel(): void;
}

/** A page of the notes: its size in PDF points, and a way to draw it. */
export interface NotesPage {
  width: number;
  height: number;
  /** Draws the page at `scale` (CSS px per point) with `pixelRatio` device px per CSS px. */
  render(canvas: HTMLCanvasElement, scale: number, pixelRatio: number): PageRendering;
}

/** An opened notes PDF. */
export interface NotesDocument {
  pageCount: number;
  page(n: number): Promise<NotesPage>;
  /** The file's size in bytes, once known. */
  size(): Promise<number>;
  close(): void;
}

/** Opening a PDF, which the viewer abandons when it leaves or the URL changes. */
export interface OpeningNotes {
  done: Promise<NotesDocument>;
  cancel(): void;
}

/** Whether an error only says that a drawing was cancelled by a newer one. */
export const isCancelled = (err: unknown) =>
  err instanceof Error && err.name === 'RenderingCancelledException';

/**
 * Opens the PDF at `url` (a signed notes URL). Only the pages drawn are fetched where the
 * storage answers range requests (the local stack's `/media` and S3 do): a long PDF does not
 * download whole to show page 3.
 */
export function openNotes(url: string): OpeningNotes {
  let cancelled = false;
  let destroy: () => void = () => undefined;
  const done = loadPdfJs().then(async (lib) => {
    if (cancelled) throw new Error('cancelled');
    const task = lib.getDocument({
      url,
      // The CSP allows no eval: pdf.js would try `new Function` first and log a violation.
      isEvalSupported: false,
      disableAutoFetch: true,
      disableStream: true,
    });
    destroy = () => void task.destroy();
    const doc = await task.promise;
    return {
      pageCount: doc.numPages,
      size: async () => (await doc.getDownloadInfo()).length,
      close: () => void task.destroy(),
      page: async (n: number): Promise<NotesPage> => {
        const page = await doc.getPage(n);
        const { width, height } = page.getViewport({ scale: 1 });
        return {
          width,
          height,
          render(canvas, scale, pixelRatio) {
            const viewport = page.getViewport({ scale });
            canvas.width = Math.floor(viewport.width * pixelRatio);
            canvas.height = Math.floor(viewport.height * pixelRatio);
            const task = page.render({
              canvas,
              viewport,
              transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0],
            });
            return { done: task.promise, cancel: () => task.cancel() };
          },
        };
      },
    };
  });
  return {
    done,
    cancel: () => {
      cancelled = true;
      destroy();
    },
  };
}

/**
 * Downloads pdf.js and its worker without opening anything: a lesson saved for offline (issue
 * 32) then opens its notes with no network (the service worker keeps built code it served).
 */
export async function warmPdfJs(): Promise<void> {
  await loadPdfJs();
  const res = await fetch(workerUrl);
  await res.arrayBuffer();
}
