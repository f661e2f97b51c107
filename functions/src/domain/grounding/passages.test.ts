import { describe, expect, it } from 'vitest';
import {
  buildIndex,
  capPassages,
  captionPassages,
  descriptionPassages,
  normaliseForQuote,
  notesPassages,
  queryWords,
  quoteAppears,
  search,
  wordsOf,
} from './passages.ts';

const sentence = (n: number, word = 'word') =>
  `${Array.from({ length: n - 1 }, () => word).join(' ')} end.`;

describe('passage cutting', () => {
  it('packs sentences into passages of 60 to 120 words that keep their page', () => {
    const page1 = Array.from({ length: 6 }, () => sentence(25)).join(' '); // 150 words
    const page2 = sentence(10, 'short');
    const parts = notesPassages([page1, page2]);
    expect(parts.map((p) => p.page)).toEqual([1, 1, 2]);
    const counts = parts.map((p) => p.text.split(' ').length);
    expect(counts).toEqual([100, 50, 10]);
    expect(parts.every((p) => p.source === 'notes')).toBe(true);
    // Never across pages, even when the first page's last passage is short.
    expect(parts[2]!.text.startsWith('short')).toBe(true);
  });

  it('splits a sentence longer than 120 words', () => {
    const parts = notesPassages([sentence(300)]);
    expect(parts.map((p) => p.text.split(' ').length)).toEqual([120, 120, 60]);
    expect(parts.every((p) => p.page === 1)).toBe(true);
  });

  it('keeps the start time of a captions passage’s first cue', () => {
    const cues = Array.from({ length: 10 }, (_, i) => ({ start: i * 4.6, text: sentence(20) }));
    const parts = captionPassages(cues);
    expect(parts.map((p) => p.start_seconds)).toEqual([0, 27]);
    expect(parts.map((p) => p.text.split(' ').length)).toEqual([120, 80]);
    expect(parts.every((p) => p.source === 'video' && p.page === undefined)).toBe(true);
  });

  it('makes the description a passage and numbers and caps the passages', () => {
    expect(descriptionPassages('Akbar’s reign.')).toEqual([
      { source: 'description', text: 'Akbar’s reign.' },
    ]);
    expect(descriptionPassages('  ')).toEqual([]);
    const many = Array.from({ length: 400 }, () => ({ source: 'notes' as const, text: 'x' }));
    const capped = capPassages(many);
    expect(capped).toHaveLength(300);
    expect(capped[0]!.n).toBe(1);
    const long = Array.from({ length: 10 }, () => ({
      source: 'notes' as const,
      text: 'y'.repeat(30_000),
    }));
    expect(capPassages(long)).toHaveLength(4);
  });
});

describe('search', () => {
  it('finds the passage that shares the question’s words, best first', () => {
    const passages = capPassages([
      ...descriptionPassages('Light and how it travels.'),
      ...notesPassages([
        'Reflection is the bouncing back of light from a mirror.',
        'Refraction is the bending of light. The refractive index of water is about 1.33.',
      ]),
    ]);
    const index = buildIndex(passages);
    const hits = search(index, passages, 'What is the refractive index of water?', 5);
    expect(hits[0]!.passage.page).toBe(2);
    expect(search(index, passages, 'what is it?', 5)).toEqual([]);
  });

  it('keeps a Kannada or Hindi word whole: its vowel signs and viramas are marks, not breaks', () => {
    expect(wordsOf('ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎಂದರೇನು?')).toEqual(['ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', 'ಎಂದರೇನು']);
    expect(wordsOf('स्वपोषी किसे कहते हैं?')).toEqual(['स्वपोषी', 'किसे', 'कहते', 'हैं']);
    // NFC, and a zero-width non-joiner (as OCR writes after a virama) is no break either.
    expect(wordsOf('\u0958')).toEqual(wordsOf('\u0915\u093C'));
    expect(wordsOf('ಡೈಆಕ್ಸೈಡ್\u200cನ')).toEqual(['ಡೈಆಕ್ಸೈಡ್ನ']);
    expect(queryWords('What is ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ?')).toEqual(['ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ']);
  });

  it('finds the Kannada passage holding the question’s Kannada word, and the Hindi one likewise', () => {
    const passages = capPassages(
      notesPassages([
        'ಹಸಿರು ಸಸ್ಯಗಳು ತಮ್ಮ ಆಹಾರವನ್ನು ತಾವೇ ತಯಾರಿಸಿಕೊಳ್ಳುತ್ತವೆ. ಈ ಕ್ರಿಯೆಯನ್ನು ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎನ್ನುತ್ತಾರೆ.',
        'ಎಲೆಗಳ ಮೇಲ್ಮೈಯಲ್ಲಿ ಪತ್ರರಂಧ್ರಗಳು ಎಂಬ ಸೂಕ್ಷ್ಮ ರಂಧ್ರಗಳಿವೆ.',
        'हरे पौधे अपना भोजन स्वयं बनाते हैं, इसलिए उन्हें स्वपोषी कहते हैं।',
      ]),
    );
    const index = buildIndex(passages);
    expect(search(index, passages, 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', 5)[0]!.passage.page).toBe(1);
    expect(search(index, passages, 'ಪತ್ರರಂಧ್ರಗಳು ಎಂದರೇನು?', 5)[0]!.passage.page).toBe(2);
    expect(search(index, passages, 'स्वपोषी किसे कहते हैं?', 5)[0]!.passage.page).toBe(3);
    // A word the notes do not hold finds nothing, rather than a passage sharing a vowel sign.
    expect(search(index, passages, 'ಗುರುತ್ವಾಕರ್ಷಣೆ', 5)).toEqual([]);
  });
});

describe('quote verification', () => {
  const passage =
    'The number b^2 - 4ac is called the   discriminant. If it is zero, the roots are equal.';
  it('keeps a quote that appears, whatever its case and spacing', () => {
    expect(quoteAppears('the number B^2 - 4ac is\ncalled the discriminant', passage)).toBe(true);
    expect(quoteAppears('“If it is zero, the roots are equal.”', passage)).toBe(true);
  });
  it('drops a quote that does not appear, or is too short to prove anything', () => {
    expect(quoteAppears('the discriminant is always positive', passage)).toBe(false);
    expect(quoteAppears('the', passage)).toBe(false);
    expect(quoteAppears('', passage)).toBe(false);
  });
  it('normalises Unicode forms, curly quotes and dashes', () => {
    expect(normaliseForQuote('Akbar’s  REIGN – ﬁne')).toBe("akbar's reign - fine");
  });
  it('keeps a Kannada or Hindi quote whose text differs from its passage only by joiners', () => {
    // "ಸಸ್ಯಗಳು ಆಹಾರವನ್ನು ತಯಾರಿಸುತ್ತವೆ" with a zero-width joiner and non-joiner in the passage.
    const kannada = 'ಹಸಿರು ಸಸ್ಯಗಳು ಆಹಾರವನ್ನು ತಯಾ\u200dರಿಸುತ್ತ\u200cವೆ.';
    expect(quoteAppears('ಸಸ್ಯಗಳು ಆಹಾರವನ್ನು ತಯಾರಿಸುತ್ತವೆ', kannada)).toBe(true);
    expect(quoteAppears('पौधे भोजन बनाते हैं', 'हरे पौधे\u200b भोजन बनाते हैं।')).toBe(true);
    expect(quoteAppears('ಸಸ್ಯಗಳು ನೀರನ್ನು ತಯಾರಿಸುತ್ತವೆ', kannada)).toBe(false);
  });
});
