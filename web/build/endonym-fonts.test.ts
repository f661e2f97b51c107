import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import * as languages from '@gia/shared/languages.ts';
import { cutFace, ENDONYM_FACES, endonymText } from './endonym-fonts.ts';

const require = createRequire(import.meta.url);

describe('the language names’ faces (web/build/endonym-fonts.ts)', () => {
  it('hold the letters of every language’s name and of “Choose your language”', () => {
    const text = endonymText(languages);
    for (const words of [
      ...Object.values(languages.LANGUAGE_NAMES),
      ...Object.values(languages.LANGUAGE_PROMPTS),
    ]) {
      expect(text).toContain(words);
    }
  });

  it('cut each whole face to a few KB, more letters to more bytes', async () => {
    const text = endonymText(languages);
    for (const source of Object.values(ENDONYM_FACES)) {
      const whole = readFileSync(require.resolve(source));
      const cut = await cutFace(whole, text);
      expect(cut.subarray(0, 4).toString('latin1')).toBe('wOF2');
      expect(cut.length).toBeLessThan(8 * 1024);
      expect(cut.length).toBeLessThan(whole.length / 4);
    }
    const kannada = readFileSync(require.resolve(ENDONYM_FACES['kannada-400']));
    const more = await cutFace(kannada, `${text} ಗಣಿತ ವಿಜ್ಞಾನ ಸಮಾಜ ವಿಜ್ಞಾನ ಇತಿಹಾಸ`);
    expect(more.length).toBeGreaterThan((await cutFace(kannada, text)).length);
  });
});
