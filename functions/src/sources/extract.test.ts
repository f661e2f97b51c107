import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ExtractionError, captionCues, notesPages } from './extract.ts';

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
