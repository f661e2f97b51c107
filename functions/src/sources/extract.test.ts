import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { resetEnvForTests } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';
import { ExtractionError, captionCues, notesPages, readNotes } from './extract.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A PDF with one line of text per page (pdf-lib). */
async function pdfOf(pages: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of pages) pdf.addPage().drawText(text, { x: 50, y: 700, size: 12, font });
  return pdf.save();
}

describe('sources extraction', () => {
  it('reads a PDF page by page (unpdf)', async () => {
    const pdf = await pdfOf([
      'The Basic Proportionality Theorem.',
      'Criteria for similarity.',
      'The Pythagoras theorem.',
    ]);
    const pages = await notesPages('private/notes/t.PDF', pdf);
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('Basic Proportionality Theorem');
    expect(pages[2]).toContain('Pythagoras theorem');
  });

  it('reads a .txt note as one page and refuses other formats and broken PDFs', async () => {
    expect(await notesPages('private/notes/a.txt', bytes('Ohm’s law.'))).toEqual(['Ohm’s law.']);
    await expect(notesPages('private/notes/a.docx', bytes('x'))).rejects.toBeInstanceOf(
      ExtractionError,
    );
    await expect(notesPages('private/notes/a.pdf', bytes('not a pdf'))).rejects.toThrow(
      'The PDF could not be read.',
    );
  });

  it('reads WebVTT cues with their start in seconds, without markup', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.500 --> 00:00:04.000',
      '<v Teacher>Light travels in straight lines.',
      '',
      '01:02:14.250 --> 01:02:16.000',
      'Refraction is <b>bending</b>.',
      '',
    ].join('\n');
    expect(captionCues(bytes(vtt))).toEqual([
      { start: 1.5, text: 'Light travels in straight lines.' },
      { start: 3734.25, text: 'Refraction is bending.' },
    ]);
    expect(() => captionCues(bytes('1\n00:00:01,000 --> 00:00:02,000\nSRT'))).toThrow(
      'Captions must be a WebVTT file.',
    );
  });
});

/** The demo's Kannada notes, printed from HTML by Chromium (shaped clusters as /ActualText). */
const kannadaPdf = () =>
  new Uint8Array(
    readFileSync(new URL('../../../scripts/assets/notes/photosynthesis-kn.pdf', import.meta.url)),
  );

/**
 * A scanned copy of a PDF's first page (an image, no text layer: what a phone's scan app makes),
 * then a page of English text. pdftoppm draws the page, pdf-lib puts the image on a page.
 */
async function scannedThenText(source: Uint8Array, text: string): Promise<Uint8Array> {
  const dir = mkdtempSync(join(tmpdir(), 'gia-scan-test-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), source);
    execFileSync(
      'pdftoppm',
      ['-r', '150', '-gray', '-png', '-f', '1', '-l', '1', '-singlefile', 'in.pdf', 'scan'],
      { cwd: dir },
    );
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(readFileSync(join(dir, 'scan.png')));
    const { width, height } = png.scale(72 / 150);
    pdf.addPage([width, height]).drawImage(png, { x: 0, y: 0, width, height });
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage().drawText(text, { x: 50, y: 700, size: 12, font });
    return await pdf.save();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Sets the notes tools' variables for one test (undone after it). */
function withTools(vars: Record<string, string>) {
  Object.assign(process.env, vars);
  resetEnvForTests();
  return () => {
    for (const k of Object.keys(vars)) delete process.env[k];
    resetEnvForTests();
  };
}

describe('which read gives a notes PDF its text', () => {
  let undo: (() => void) | undefined;
  afterEach(() => {
    undo?.();
    undo = undefined;
    vi.restoreAllMocks();
  });

  it('keeps pdf.js’s text layer for an English PDF, without running any tool', async () => {
    // Given tools that would fail loudly if they were run
    undo = withTools({ PDFTOTEXT_PATH: '/nowhere/pdftotext', TESSERACT_PATH: '/nowhere/tess' });
    const warn = vi.spyOn(logger, 'warn');
    // When an English PDF is read
    const notes = await readNotes(
      'private/notes/e.pdf',
      await pdfOf(['Ohm’s law: V = IR, always.']),
    );
    // Then the text layer gives it, and nothing was tried
    expect(notes).toEqual({ pages: ['Ohm’s law: V = IR, always.'], method: 'text-layer' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads Kannada printed with shaping through its /ActualText (pdftotext): the words whole', async () => {
    const bytes = kannadaPdf();
    const notes = await readNotes('private/notes/kn.pdf', bytes);
    expect(notes.method).toBe('actual-text');
    expect(notes.pages).toHaveLength(3);
    expect(notes.pages[0]).toMatch(/^ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ/);
    expect(notes.pages[0]).toContain('ಸ್ವಪೋಷಕಗಳು ಎನ್ನುತ್ತಾರೆ.');
    // The caller's bytes are left whole (pdf.js detaches the buffer it is given).
    expect(bytes.byteLength).toBeGreaterThan(0);
  });

  it('falls back to pdf.js’s text with a warning when pdftotext is missing, never failing', async () => {
    undo = withTools({ PDFTOTEXT_PATH: '/nowhere/pdftotext' });
    const warn = vi.spyOn(logger, 'warn');
    const notes = await readNotes('private/notes/kn.pdf', kannadaPdf());
    expect(notes.method).toBe('text-layer');
    expect(notes.pages).toHaveLength(3);
    expect(notes.pages[0]).not.toContain('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ');
    expect(warn).toHaveBeenCalledWith(
      'notes tool unavailable, keeping the text read so far',
      expect.objectContaining({ tool: 'pdftotext', problem: 'missing' }),
    );
  });

  it('stops a tool that runs past its timeout and keeps what it had', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gia-slow-tool-'));
    const slow = join(dir, 'slow-pdftotext');
    writeFileSync(slow, '#!/bin/sh\nsleep 30\n');
    chmodSync(slow, 0o755);
    undo = withTools({ PDFTOTEXT_PATH: slow, NOTES_TOOL_TIMEOUT_MS: '1000' });
    const warn = vi.spyOn(logger, 'warn');
    try {
      const started = Date.now();
      const notes = await readNotes('private/notes/kn.pdf', kannadaPdf());
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(notes.method).toBe('text-layer');
      expect(warn).toHaveBeenCalledWith(
        'notes tool unavailable, keeping the text read so far',
        expect.objectContaining({ tool: 'pdftotext', problem: 'timeout' }),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('OCRs a scanned page in its script’s language (tesseract), keeping the text layer of the others', async () => {
    // Given a scanned Kannada page (no text layer) and a page of English text
    const pdf = await scannedThenText(kannadaPdf(), 'Chlorophyll absorbs the light of the sun.');
    // When it is read
    const notes = await readNotes('private/notes/scan.pdf', pdf);
    // Then OCR read page 1 (its script told by tesseract: Kannada), page 2 is the text layer
    expect(notes.method).toBe('ocr');
    expect(notes.ocrPages).toEqual([1]);
    expect(notes.pages[0]).toMatch(/^ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ/);
    expect(notes.pages[0]).toContain('ಸ್ವಪೋಷಕಗಳು');
    expect(notes.pages[1]).toBe('Chlorophyll absorbs the light of the sun.');
    // And its temporary files are gone
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('gia-notes-'))).toEqual([]);
  }, 180_000);

  it('leaves a scanned page empty with a warning when tesseract is missing', async () => {
    undo = withTools({ TESSERACT_PATH: '/nowhere/tesseract' });
    const warn = vi.spyOn(logger, 'warn');
    const pdf = await scannedThenText(kannadaPdf(), 'Chlorophyll absorbs the light of the sun.');
    const notes = await readNotes('private/notes/scan.pdf', pdf);
    expect(notes).toEqual({
      pages: ['', 'Chlorophyll absorbs the light of the sun.'],
      method: 'text-layer',
    });
    expect(warn).toHaveBeenCalledWith(
      'notes tool unavailable, keeping the text read so far',
      expect.objectContaining({ tool: 'tesseract', problem: 'missing' }),
    );
  }, 60_000);
});
