import type { ReactNode } from 'react';
import { LANGUAGE_NAMES, TRANSLATION_LANGUAGES, type TranslationLanguage } from '@gia/shared';
import { describedBy, errorId } from '../../components/text-field.tsx';

/** The error line under a control, announced with it (`aria-describedby` names its id). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="form-error" id={errorId(id)} role="alert">
      {error}
    </p>
  ) : null;
}

/**
 * One translated field of a catalogue record, side by side (issue 33): the English control (the
 * form's own, with its label and error), then its ಕನ್ನಡ and हिन्दी inputs, each labelled with the
 * language's own name and marked with its `lang`. On a phone they stack in that order.
 *
 * Each translation input's accessible name is the field's label and the language's name
 * ("Subject Name, ಕನ್ನಡ"), so two translated fields of one form never share a name.
 */
export function TranslatedField(props: {
  /** The English control's id; each translation's is this and its language (`f-class_name-kn`). */
  id: string;
  label: string;
  /** A textarea (a description) rather than a one-line input. */
  multiline?: boolean;
  /** The English control, labelled, with its error line. */
  children: ReactNode;
  values: Partial<Record<TranslationLanguage, string>>;
  errors: Partial<Record<TranslationLanguage, string>>;
  onChange(language: TranslationLanguage, text: string): void;
}) {
  return (
    <div className="field field-wide translated-field">
      <div className="translated-part">{props.children}</div>
      {TRANSLATION_LANGUAGES.map((language) => {
        const id = `${props.id}-${language}`;
        const error = props.errors[language];
        const control = {
          id,
          lang: language,
          value: props.values[language] ?? '',
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy(id, error),
        };
        return (
          <div key={language} className="translated-part">
            <label htmlFor={id}>
              <span className="sr-only">{props.label}, </span>
              <span lang={language}>{LANGUAGE_NAMES[language]}</span>
            </label>
            {props.multiline ? (
              <textarea
                {...control}
                rows={3}
                onChange={(e) => props.onChange(language, e.target.value)}
              />
            ) : (
              <input
                {...control}
                type="text"
                onChange={(e) => props.onChange(language, e.target.value)}
              />
            )}
            <FieldError id={id} error={error} />
          </div>
        );
      })}
    </div>
  );
}
