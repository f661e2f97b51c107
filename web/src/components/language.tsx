import {
  LANGUAGE_NAMES,
  LANGUAGE_PROMPTS,
  UI_LANGUAGES,
  type UiLanguage,
} from '@gia/shared/languages.ts';
import { chooseLanguage, useLanguage, useT } from '../lib/i18n.ts';
import { useAfterHydration } from '../lib/hydration.ts';

/** Each language in its own name, with its own `lang` (a screen reader reads ಕನ್ನಡ as Kannada). */
const names = UI_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] }));

/**
 * The header's language control (issue 33): the three languages by their own names. A native
 * select: the phone's own picker, large enough to tap, and nothing to load.
 */
export function LanguageSelect() {
  const t = useT();
  const current = useLanguage((s) => s.language);
  // As the build rendered it while hydrating (a prerendered page is English), then the learner's.
  const language = useAfterHydration(() => current, 'en');
  return (
    <label className="language-select">
      <span className="sr-only">{t('language.label')}</span>
      <select value={language} onChange={(e) => void chooseLanguage(e.target.value as UiLanguage)}>
        {names.map(({ code, name }) => (
          <option key={code} value={code} lang={code}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The first visit's one-tap choice: the three languages, each in its own name, above the page.
 * The prerendered pages carry it; the boot script marks `<html data-language-chosen>` before they
 * paint once a language was chosen, and layout.css then hides it, so it never shifts the page.
 */
export function LanguageChoice() {
  const chosenNow = useLanguage((s) => s.chosen);
  const chosen = useAfterHydration(() => chosenNow, false);
  if (chosen) return null;
  return (
    <section className="language-choice" aria-labelledby="language-choice-title">
      <p id="language-choice-title" className="language-choice-title">
        <span lang="en">{LANGUAGE_PROMPTS.en}</span> · <span lang="kn">{LANGUAGE_PROMPTS.kn}</span>{' '}
        · <span lang="hi">{LANGUAGE_PROMPTS.hi}</span>
      </p>
      <div className="language-choice-options">
        {names.map(({ code, name }) => (
          <button
            key={code}
            type="button"
            lang={code}
            className="btn btn-outline"
            onClick={() => void chooseLanguage(code)}
          >
            {name}
          </button>
        ))}
      </div>
    </section>
  );
}
