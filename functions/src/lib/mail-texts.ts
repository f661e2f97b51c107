import type { UiLanguage } from '@gia/shared/languages.ts';

export { languageOfClientMetadata, mailClientMetadata, mailLanguage } from './mail-language.ts';

/*
 * The words of every e-mail the product sends a learner (issue 33), in English, Kannada and
 * Hindi side by side. A text names its values as `{name}`; the product's name stays "GIA School"
 * and a code stays in Latin digits, as the learner types it. `mail-texts.test.ts` keeps each
 * language's texts in its own script, with the code and the same values as the English.
 */

/** Each e-mail, with the values its words are written with. */
export const MAIL_VALUES = {
  /** Our own sign-in code (`requestCode`, sent by the API). */
  signInCode: ['code', 'minutes'],
  /** Cognito's password reset code (`forgotPassword`). */
  passwordReset: ['code'],
  /** Cognito's code confirming a new e-mail address (a profile's e-mail change). */
  emailChange: ['code'],
} as const;
export type MailKind = keyof typeof MAIL_VALUES;
type MailValues<K extends MailKind> = Record<(typeof MAIL_VALUES)[K][number], string | number>;

/** One e-mail's words: its subject line and its plain-text body (paragraphs apart by a blank line). */
export interface MailText {
  subject: string;
  text: string;
}

const paragraphs = (...lines: string[]) => lines.join('\n\n');

/** Every e-mail in every language: a language cannot leave one out. */
export const MAIL_TEXTS = {
  en: {
    signInCode: {
      subject: 'Your GIA School sign-in code: {code}',
      text: paragraphs(
        'Your sign-in code is {code}.',
        'It works once, for {minutes} minutes.',
        'If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.',
      ),
    },
    passwordReset: {
      subject: 'Your GIA School password reset code',
      text: paragraphs(
        'Your code to choose a new password is {code}.',
        'It works for one hour.',
        'If you did not ask for it, ignore this e-mail: your password has not changed.',
      ),
    },
    emailChange: {
      subject: 'Confirm your new e-mail for GIA School',
      text: paragraphs(
        'Your code to confirm this e-mail address for GIA School is {code}.',
        'Enter it on your profile page.',
        'If you did not ask for it, ignore this e-mail: nothing changes without the code.',
      ),
    },
  },
  kn: {
    signInCode: {
      subject: 'ನಿಮ್ಮ GIA School ಸೈನ್ ಇನ್ ಕೋಡ್: {code}',
      text: paragraphs(
        'ನಿಮ್ಮ ಸೈನ್ ಇನ್ ಕೋಡ್: {code}',
        'ಈ ಕೋಡ್ ಒಂದೇ ಬಾರಿ, {minutes} ನಿಮಿಷಗಳವರೆಗೆ ಮಾತ್ರ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
        'ನೀವು ಈ ಕೋಡ್ ಕೇಳಿಲ್ಲದಿದ್ದರೆ, ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಬಹುದು: ಕೋಡ್ ಇಲ್ಲದೆ ಯಾರೂ ಸೈನ್ ಇನ್ ಮಾಡಲು ಸಾಧ್ಯವಿಲ್ಲ.',
      ),
    },
    passwordReset: {
      subject: 'ನಿಮ್ಮ GIA School ಪಾಸ್‌ವರ್ಡ್ ಬದಲಿಸುವ ಕೋಡ್',
      text: paragraphs(
        'ಹೊಸ ಪಾಸ್‌ವರ್ಡ್ ಆಯ್ಕೆ ಮಾಡಲು ನಿಮ್ಮ ಕೋಡ್: {code}',
        'ಈ ಕೋಡ್ ಒಂದು ಗಂಟೆಯವರೆಗೆ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
        'ನೀವು ಈ ಕೋಡ್ ಕೇಳಿಲ್ಲದಿದ್ದರೆ, ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ನಿಮ್ಮ ಪಾಸ್‌ವರ್ಡ್ ಬದಲಾಗಿಲ್ಲ.',
      ),
    },
    emailChange: {
      subject: 'GIA School ಗಾಗಿ ನಿಮ್ಮ ಹೊಸ ಇಮೇಲ್ ಖಚಿತಪಡಿಸಿ',
      text: paragraphs(
        'GIA School ನಲ್ಲಿ ಈ ಇಮೇಲ್ ವಿಳಾಸವನ್ನು ಖಚಿತಪಡಿಸಲು ನಿಮ್ಮ ಕೋಡ್: {code}',
        'ಇದನ್ನು ನಿಮ್ಮ ಪ್ರೊಫೈಲ್ ಪುಟದಲ್ಲಿ ನಮೂದಿಸಿ.',
        'ನೀವು ಈ ಕೋಡ್ ಕೇಳಿಲ್ಲದಿದ್ದರೆ, ಈ ಇಮೇಲ್ ಅನ್ನು ನಿರ್ಲಕ್ಷಿಸಿ: ಕೋಡ್ ಇಲ್ಲದೆ ಏನೂ ಬದಲಾಗುವುದಿಲ್ಲ.',
      ),
    },
  },
  hi: {
    signInCode: {
      subject: 'आपका GIA School साइन इन कोड: {code}',
      text: paragraphs(
        'आपका साइन इन कोड है: {code}',
        'यह कोड केवल एक बार और {minutes} मिनट तक ही काम करता है।',
        'अगर आपने यह कोड नहीं माँगा है, तो इस ईमेल को अनदेखा कर दें: कोड के बिना कोई भी साइन इन नहीं कर सकता।',
      ),
    },
    passwordReset: {
      subject: 'आपका GIA School पासवर्ड बदलने का कोड',
      text: paragraphs(
        'नया पासवर्ड चुनने के लिए आपका कोड है: {code}',
        'यह कोड एक घंटे तक काम करता है।',
        'अगर आपने यह कोड नहीं माँगा है, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड नहीं बदला है।',
      ),
    },
    emailChange: {
      subject: 'GIA School के लिए अपना नया ईमेल पक्का करें',
      text: paragraphs(
        'GIA School में यह ईमेल पता पक्का करने के लिए आपका कोड है: {code}',
        'इसे अपने प्रोफ़ाइल पेज पर डालें।',
        'अगर आपने यह कोड नहीं माँगा है, तो इस ईमेल को अनदेखा कर दें: कोड के बिना कुछ नहीं बदलेगा।',
      ),
    },
  },
} as const satisfies Record<UiLanguage, Record<MailKind, MailText>>;

/** `kind`'s e-mail in `language`, its `{name}`s filled with `values`. */
export function mailText<K extends MailKind>(
  kind: K,
  language: UiLanguage,
  values: MailValues<K>,
): MailText {
  const { subject, text } = MAIL_TEXTS[language][kind];
  const fill = (words: string) =>
    words.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name as keyof typeof values]));
  return { subject: fill(subject), text: fill(text) };
}

/**
 * A plain-text body as the HTML Cognito e-mails carry (its messages are HTML, where a line break
 * would be lost). The texts hold no `<`, `>` or `&` (the test checks), so nothing needs escaping.
 */
export const cognitoHtml = (text: string) => text.replaceAll('\n', '<br>');
