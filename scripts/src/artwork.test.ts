import { describe, expect, it } from 'vitest';
import { avatar, boardLogo, classArt, escapeXml, motifFor, subjectArt } from './artwork.ts';

/** Everything an SVG must not carry to be safe as an image and when opened on its own. */
const UNSAFE =
  /<script|<foreignObject|\bon[a-z]+\s*=|javascript:|href=|<image|<use|@import|url\((?!#)/i;

describe('the demo artwork', () => {
  it('draws a subject-specific motif: shapes and numbers for maths, an atom for science, letters for English, a globe for social studies', () => {
    expect(motifFor('Mathematics')).toBe('maths');
    expect(motifFor('Triangles', 'Geometry', 'Mathematics')).toBe('maths');
    expect(motifFor('Science')).toBe('physics');
    expect(motifFor('Acids, Bases and Salts', 'Chemistry', 'Science')).toBe('chemistry');
    expect(motifFor('The Living World', 'Botany', 'Biology')).toBe('biology');
    expect(motifFor('English')).toBe('language');
    expect(motifFor('Social Studies')).toBe('social');
    expect(motifFor('Something else')).toBe('book');
    expect(subjectArt('Mathematics', 'Class 10 · CBSE')).toContain('>π<');
    expect(subjectArt('English', 'Class 10 · ICSE')).toContain('>A<');
  });

  it('is deterministic, small, names its record, and carries nothing active', () => {
    const pictures = [
      boardLogo('CBSE'),
      classArt('Class 10', 'CBSE'),
      subjectArt('Mathematics', 'Class 10 · CBSE'),
      subjectArt('Light - Reflection and Refraction', 'Physics · Science', 'Physics'),
      avatar('Ananya Sharma'),
    ];
    expect(boardLogo('CBSE')).toBe(pictures[0]);
    expect(boardLogo('ICSE')).not.toBe(pictures[0]);
    for (const svg of pictures) {
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(Buffer.byteLength(svg)).toBeLessThan(4096);
      expect(svg).not.toMatch(UNSAFE);
    }
    expect(pictures[0]).toContain('>CBSE<');
    expect(pictures[1]).toContain('>10<');
    expect(pictures[4]).toContain('>AS<');
  });

  it('escapes names, so a name can never become markup', () => {
    const svg = subjectArt('<script>alert(1)</script> & "x"', 'a\u0000b');
    expect(svg).not.toMatch(UNSAFE);
    expect(svg).toContain('&lt;script&gt;');
    expect(escapeXml(`<a href='x'>&</a>`)).toBe('&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;');
  });
});
