import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  DownloadIcon,
  ExternalLinkIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from '../../components/icons.tsx';
import {
  clampPage,
  fileSize,
  pageLayout,
  zoomIn,
  zoomLabel,
  zoomOut,
  ZOOM_STEPS,
  type Zoom,
} from './notes-view.ts';
import { isCancelled, openNotes, type NotesDocument } from './pdf.ts';
import { useT } from '../../lib/i18n.ts';
import './notes-viewer.css';

/** The file name a download is saved as: the lesson's name, in plain characters. */
const fileNameOf = (title: string) =>
  `${
    title
      .replace(/[^\w\- ]+/g, ' ')
      .trim()
      .replace(/\s+/g, '-') || 'notes'
  }.pdf`;

/**
 * The notes of a lesson inside the app: one page at a time on a canvas as wide as the screen
 * (sharp at the screen's pixel ratio, within a memory cap), previous/next and a page list, zoom
 * (a zoomed page pans inside its own box; the screen never scrolls sideways), and the PDF itself
 * for those who want it, opened or downloaded. `page` comes from the URL; `onPage` moves it.
 */
export function NotesViewer(props: {
  /** The signed notes URL. */
  url: string;
  title: string;
  page: number;
  onPage(page: number): void;
  /** Where "Back to the lesson" goes. */
  backTo: string;
  /** Called by "Try again" (e.g. to sign the URL anew) besides reopening the PDF. */
  onRetry?(): void;
}) {
  const t = useT();
  const { url, page, onPage } = props;
  const [doc, setDoc] = useState<NotesDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [zoom, setZoom] = useState<Zoom>(ZOOM_STEPS[0]);
  const [width, setWidth] = useState(0);
  const [rendered, setRendered] = useState(0);
  const [size, setSize] = useState<number | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const pageCount = doc?.pageCount ?? 0;
  const shown = pageCount ? clampPage(page, pageCount) : page;

  // Open the PDF (again after "Try again", or when the URL is signed anew).
  useEffect(() => {
    setDoc(null);
    setFailed(false);
    setRendered(0);
    setSize(null);
    const opening = openNotes(url);
    let current: NotesDocument | null = null;
    let live = true;
    opening.done.then(
      (opened) => {
        if (!live) return opened.close();
        current = opened;
        setDoc(opened);
        opened.size().then(
          (bytes) => live && setSize(bytes),
          () => undefined,
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      opening.cancel();
      current?.close();
    };
  }, [url, attempt]);

  // A page past the end (an old link, a shorter new version) becomes the last one, in the URL too.
  useEffect(() => {
    if (pageCount && shown !== page) onPage(shown);
  }, [pageCount, shown, page, onPage]);

  // The width the page fits: the box's, followed as the screen turns or resizes.
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => setWidth(box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [doc]);

  // Draw the page shown, at the zoom, for the width; a newer drawing cancels the one under way.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!doc || !canvas || !width) return;
    let cancel = () => undefined as void;
    let live = true;
    setRendered(0);
    doc.page(shown).then(
      (p) => {
        if (!live) return;
        const layout = pageLayout(p, width, zoom, window.devicePixelRatio || 1);
        canvas.style.width = `${layout.cssWidth}px`;
        canvas.style.height = `${layout.cssHeight}px`;
        const drawing = p.render(canvas, layout.scale, layout.pixelRatio);
        cancel = drawing.cancel;
        drawing.done.then(
          () => live && setRendered(shown),
          (err: unknown) => live && !isCancelled(err) && setFailed(true),
        );
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [doc, shown, zoom, width]);

  const go = (to: number, fromBottom = false) => {
    onPage(clampPage(to, pageCount));
    // From the buttons under the page: show the new page from its top.
    if (fromBottom) boxRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const retry = () => {
    props.onRetry?.();
    setAttempt((n) => n + 1);
  };

  const status = failed ? 'failed' : !doc ? 'opening' : rendered === shown ? 'shown' : 'drawing';
  const pageLink = `${url.split('#')[0]}#page=${shown}`;
  return (
    <section className="notes-viewer" aria-labelledby="notes-title">
      <header className="notes-head">
        <Link to={props.backTo} className="notes-back">
          <ChevronLeftIcon /> {t('notes.backToLesson')}
        </Link>
        <h1 id="notes-title">
          <span className="notes-kind">{t('notes.kind')}</span> {props.title}
        </h1>
      </header>

      {failed ? (
        <div className="notes-state" role="alert">
          <p>{t('notes.failed')}</p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            {t('notes.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <div className="notes-bar" role="group" aria-label={t('notes.pages')}>
            <button
              type="button"
              className="btn notes-step"
              aria-label={t('notes.previousPage')}
              disabled={!doc || shown <= 1}
              onClick={() => go(shown - 1)}
            >
              <ChevronLeftIcon />
            </button>
            <p className="notes-at" aria-live="polite">
              {doc ? t('notes.pageOf', { page: shown, count: pageCount }) : t('notes.opening')}
            </p>
            <button
              type="button"
              className="btn notes-step"
              aria-label={t('notes.nextPage')}
              disabled={!doc || shown >= pageCount}
              onClick={() => go(shown + 1)}
            >
              <ChevronRightIcon />
            </button>
          </div>
          <div className="notes-bar notes-tools">
            <button
              type="button"
              className="btn notes-step"
              aria-label={t('notes.zoomOut')}
              disabled={!doc || zoom === ZOOM_STEPS[0]}
              onClick={() => setZoom(zoomOut)}
            >
              <ZoomOutIcon />
            </button>
            <output className="notes-zoom" aria-label={t('notes.zoom')}>
              {zoomLabel(zoom)}
            </output>
            <button
              type="button"
              className="btn notes-step"
              aria-label={t('notes.zoomIn')}
              disabled={!doc || zoom === ZOOM_STEPS[ZOOM_STEPS.length - 1]}
              onClick={() => setZoom(zoomIn)}
            >
              <ZoomInIcon />
            </button>
            <label className="notes-goto">
              <span>{t('notes.goToPage')}</span>
              <select value={shown} disabled={!doc} onChange={(e) => go(Number(e.target.value))}>
                {Array.from({ length: Math.max(pageCount, 1) }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <div
            ref={boxRef}
            className="notes-page"
            data-status={status}
            aria-busy={status === 'opening' || status === 'drawing'}
            // A zoomed page pans with the keyboard too.
            tabIndex={zoom > 1 ? 0 : undefined}
          >
            {!doc && <p className="notes-loading">{t('notes.loading')}</p>}
            <canvas
              ref={canvasRef}
              role="img"
              aria-label={
                doc
                  ? t('notes.pageOfNotes', { page: shown, count: pageCount })
                  : t('notes.theNotes')
              }
              data-page={rendered || undefined}
              hidden={!doc}
            />
          </div>
          <div className="notes-bar notes-turn">
            <button
              type="button"
              className="btn"
              disabled={!doc || shown <= 1}
              onClick={() => go(shown - 1, true)}
            >
              <ChevronLeftIcon /> {t('notes.previousPage')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={!doc || shown >= pageCount}
              onClick={() => go(shown + 1, true)}
            >
              {t('notes.nextPage')} <ChevronRightIcon />
            </button>
          </div>
        </>
      )}

      <div className="notes-files">
        <a className="btn" href={pageLink} target="_blank" rel="noopener noreferrer">
          <ExternalLinkIcon /> {t('notes.openPdf')}
        </a>
        <a className="btn" href={url} download={fileNameOf(props.title)}>
          <DownloadIcon />{' '}
          {size !== null ? t('notes.downloadSize', { size: fileSize(size) }) : t('notes.download')}
        </a>
      </div>
    </section>
  );
}
