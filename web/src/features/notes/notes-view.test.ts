import { describe, expect, it } from 'vitest';
import {
  clampPage,
  fileSize,
  MAX_CANVAS_PIXELS,
  pageFromParam,
  pageLayout,
  zoomIn,
  zoomLabel,
  zoomOut,
  ZOOM_STEPS,
  type Zoom,
} from './notes-view.ts';

/** An A4 page in PDF points. */
const A4 = { width: 595, height: 842 };

describe('the notes page number', () => {
  it('stays between the first and the last page, whole', () => {
    expect(clampPage(0, 8)).toBe(1);
    expect(clampPage(-3, 8)).toBe(1);
    expect(clampPage(3, 8)).toBe(3);
    expect(clampPage(9, 8)).toBe(8);
    expect(clampPage(2.7, 8)).toBe(2);
    expect(clampPage(Number.NaN, 8)).toBe(1);
  });

  it('is the first page of a document whose length is not known', () => {
    expect(clampPage(4, 0)).toBe(1);
  });

  it("is read from the URL's page parameter, the first page when it is not a page number", () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(' 12 ')).toBe(12);
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('')).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('-2')).toBe(1);
    expect(pageFromParam('2.5')).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
    expect(pageFromParam('99999999999999999999')).toBe(1);
  });
});

describe('the zoom', () => {
  it('steps up and down through the levels, and stays at either end', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomIn(2)).toBe(2.5);
    expect(zoomIn(3)).toBe(3);
    expect(zoomOut(1.5)).toBe(1.25);
    expect(zoomOut(1)).toBe(1);
    let z: Zoom = ZOOM_STEPS[0];
    const seen: Zoom[] = [z];
    while (zoomIn(z) !== z) seen.push((z = zoomIn(z)));
    expect(seen).toEqual([...ZOOM_STEPS]);
  });

  it('is shown as a percentage', () => {
    expect(zoomLabel(1)).toBe('100%');
    expect(zoomLabel(1.25)).toBe('125%');
  });
});

describe('the page drawn', () => {
  it('fits the width of the viewer at 100%, sharp at the screen’s pixel ratio', () => {
    const layout = pageLayout(A4, 328, 1, 2);
    expect(layout.cssWidth).toBe(328);
    expect(layout.cssHeight).toBe(Math.floor((842 * 328) / 595));
    expect(layout.scale).toBeCloseTo(328 / 595);
    expect(layout.pixelRatio).toBe(2);
  });

  it('is wider than the viewer when zoomed in', () => {
    expect(pageLayout(A4, 328, 2, 2).cssWidth).toBe(656);
  });

  it('never has more pixels than the cap, however far it is zoomed on a dense screen', () => {
    const layout = pageLayout(A4, 360, 3, 3);
    const pixels = layout.cssWidth * layout.pixelRatio * layout.cssHeight * layout.pixelRatio;
    expect(layout.pixelRatio).toBeLessThan(3);
    expect(pixels).toBeLessThanOrEqual(MAX_CANVAS_PIXELS + 1);
  });
});

describe('the file size', () => {
  it('reads in KB below a megabyte and MB above', () => {
    expect(fileSize(48_000)).toBe('47 KB');
    expect(fileSize(100)).toBe('1 KB');
    expect(fileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
  });
});
