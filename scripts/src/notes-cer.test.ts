import { describe, expect, it } from 'vitest';
import { PRINTED_NOTES } from './demo-printed-notes.ts';
import {
  CER_TARGET,
  EXPECTED_METHODS,
  characterErrorRate,
  formatCer,
  measureAllNotes,
} from './notes-cer.ts';

describe('the character error rate', () => {
  it('is the edits from the reference to the extracted text over the reference’s length', () => {
    expect(characterErrorRate('abcd', 'abcd')).toBe(0);
    expect(characterErrorRate('abcd', 'abed')).toBe(0.25);
    expect(characterErrorRate('abcd', 'abcde')).toBe(0.25);
    // A lost Kannada virama (್) is one error: ದ್ಯು read as ದಯು.
    expect(characterErrorRate('ದ್ಯು', 'ದಯು')).toBe(0.25);
  });

  it('counts no error for a line break or a different Unicode form of the same letter', () => {
    expect(characterErrorRate('ಹಸಿರು ಸಸ್ಯಗಳು', 'ಹಸಿರು\n  ಸಸ್ಯಗಳು ')).toBe(0);
    // क़ precomposed (U+0958) and as क + nukta: the same letter in NFC.
    expect(characterErrorRate('\u0958', '\u0915\u093C')).toBe(0);
  });
});

describe('the Kannada and Hindi notes PDFs, read by the notes pipeline', () => {
  it('are each read within 2% CER, by the read named for it', async () => {
    const measured = await measureAllNotes();
    console.log(
      [`Notes extraction (readNotes) against the printed text, bar ${CER_TARGET * 100}%:`]
        .concat(measured.map(formatCer))
        .join('\n'),
    );
    expect(measured.map((m) => m.file)).toEqual(PRINTED_NOTES.map((n) => n.file));
    for (const m of measured) {
      // Page by page, so a citation's page is the page the learner opens.
      expect(m.pages.extracted, m.file).toBe(m.pages.printed);
      expect(m.cer, m.file).toBeLessThanOrEqual(CER_TARGET);
      expect(m.method, m.file).toBe(EXPECTED_METHODS[m.file]);
      expect(formatCer(m)).toContain(`by ${m.method}`);
    }
  }, 60_000);
});
