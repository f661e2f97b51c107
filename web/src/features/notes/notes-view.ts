/*
 * The notes viewer's arithmetic, apart from pdf.js and the DOM: which page, how far zoomed, how
 * large a canvas. Kept pure so each rule is tested on its own.
 */

/**
 * The zoom levels, as multiples of the width that fits the screen: 1 fits the page to the width
 * of the viewer; above it the page is wider than the screen and pans inside its box.
 */
export const ZOOM_STEPS = [1, 1.25, 1.5, 2, 2.5, 3] as const;
export type Zoom = (typeof ZOOM_STEPS)[number];

/**
 * The most pixels one rendered page may have: pdf.js's own viewer uses this cap on phones
 * (5 Mpx, 20 MB of canvas), so a zoomed page on a 3× screen blurs a little instead of the tab
 * running out of memory.
 */
export const MAX_CANVAS_PIXELS = 5_242_880;

/** A page number inside the document: whole, at least 1, at most the last page. */
export function clampPage(page: number, pageCount: number): number {
  const last = Math.max(1, Math.floor(pageCount));
  if (!Number.isFinite(page)) return 1;
  return Math.min(last, Math.max(1, Math.floor(page)));
}

/** The page a URL's `page` parameter asks for: a positive whole number, else the first page. */
export function pageFromParam(value: string | null | undefined): number {
  if (!value || !/^\d+$/.test(value.trim())) return 1;
  const page = Number(value.trim());
  return page >= 1 && Number.isSafeInteger(page) ? page : 1;
}

/** The next zoom level up (the same at the largest). */
export function zoomIn(zoom: Zoom): Zoom {
  return ZOOM_STEPS.find((z) => z > zoom) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
}

/** The next zoom level down (the same at fit-to-width). */
export function zoomOut(zoom: Zoom): Zoom {
  return [...ZOOM_STEPS].reverse().find((z) => z < zoom) ?? ZOOM_STEPS[0];
}

/** A zoom as the toolbar shows it: "100%", "125%". */
export const zoomLabel = (zoom: Zoom) => `${Math.round(zoom * 100)}%`;

/** How a page is drawn: its size on screen (CSS px) and the device pixels per CSS px. */
export interface PageLayout {
  /** pdf.js's scale: CSS px per PDF point. */
  scale: number;
  cssWidth: number;
  cssHeight: number;
  /** Device pixels per CSS pixel of the canvas: the screen's ratio, lowered to keep the cap. */
  pixelRatio: number;
}

/**
 * Where a page of `pageWidth`×`pageHeight` points goes in a viewer `viewerWidth` CSS px wide at
 * `zoom`: as wide as the viewer times the zoom, drawn at the screen's pixel ratio unless that
 * would exceed {@link MAX_CANVAS_PIXELS}.
 */
export function pageLayout(
  page: { width: number; height: number },
  viewerWidth: number,
  zoom: number,
  devicePixelRatio: number,
): PageLayout {
  const scale = (Math.max(1, viewerWidth) * zoom) / page.width;
  const cssWidth = Math.floor(page.width * scale);
  const cssHeight = Math.floor(page.height * scale);
  const ratio = devicePixelRatio > 0 ? devicePixelRatio : 1;
  const capped = Math.sqrt(MAX_CANVAS_PIXELS / Math.max(1, cssWidth * cssHeight));
  return { scale, cssWidth, cssHeight, pixelRatio: Math.min(ratio, capped) };
}

/** A file size as a learner on mobile data reads it: "48 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
