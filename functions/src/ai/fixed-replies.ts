import { AI_SOURCE_MESSAGES } from '@gia/shared/ai-sources.ts';
import { scriptLanguage, type UiLanguage } from '@gia/shared/languages.ts';
import { LEARNING_MESSAGES } from '@gia/shared/learning-messages.ts';

/**
 * The teacher's fixed replies (issue 33): the words the server says itself, not the model, in
 * the language the teacher answers in. English is the contract's text; Kannada and Hindi are
 * written for school students (ನೀವು, आप).
 */
export const FIXED_REPLIES = {
  en: {
    refusal: LEARNING_MESSAGES.aiRefusal,
    empty: LEARNING_MESSAGES.aiEmpty,
    notCovered: AI_SOURCE_MESSAGES.notCovered,
    notesLeadIn: AI_SOURCE_MESSAGES.notesLeadIn,
    notesNothing: AI_SOURCE_MESSAGES.notesNothing,
    notesNeedLesson: AI_SOURCE_MESSAGES.notesNeedLesson,
  },
  kn: {
    refusal: 'ನಾನು ಈ ತರಗತಿ ಮತ್ತು ಈ ಪಾಠದ ಪ್ರಶ್ನೆಗಳಿಗೆ ಮಾತ್ರ ಸಹಾಯ ಮಾಡಬಲ್ಲೆ.',
    empty: 'ಯಾವುದೇ ಉತ್ತರ ಬರಲಿಲ್ಲ.',
    notCovered: 'ಈ ಪಾಠದ ನಿಮ್ಮ ನೋಟ್ಸ್‌ನಲ್ಲಿ ಈ ಪ್ರಶ್ನೆಗೆ ಉತ್ತರವಿಲ್ಲ. ಬದಲಿಗೆ ನೀವು ಶಿಕ್ಷಕರನ್ನು ಕೇಳಬಹುದು.',
    notesLeadIn: 'ನಿಮ್ಮ ನೋಟ್ಸ್‌ನಿಂದ:',
    notesNothing:
      'ಈ ಪಾಠದ ನೋಟ್ಸ್‌ನಲ್ಲಿ ನಿಮ್ಮ ಪ್ರಶ್ನೆಗೆ ಹೊಂದುವುದು ಏನೂ ಇಲ್ಲ. AI ಶಿಕ್ಷಕರು ಇಲ್ಲದಿರುವಾಗ ನೋಟ್ಸ್ ಮಾತ್ರ ಉತ್ತರಿಸಬಲ್ಲವು: ಈ ಪಾಠದ ಬಗ್ಗೆ ಕೇಳಿ, ಅಥವಾ ಶಿಕ್ಷಕರನ್ನು ಕೇಳಿ.',
    notesNeedLesson: 'AI ಶಿಕ್ಷಕರು ಈಗ ಲಭ್ಯವಿಲ್ಲ. ಒಂದು ಪಾಠದೊಳಗೆ ಕೇಳಿ: ಅಲ್ಲಿ ಅದರ ನೋಟ್ಸ್ ಉತ್ತರಿಸುತ್ತವೆ.',
  },
  hi: {
    refusal: 'मैं केवल इस कक्षा और इस पाठ के प्रश्नों में मदद कर सकता हूँ।',
    empty: 'कोई उत्तर नहीं मिला।',
    notCovered: 'इस पाठ के आपके नोट्स में इस प्रश्न का उत्तर नहीं है। आप इसके बजाय किसी शिक्षक से पूछ सकते हैं।',
    notesLeadIn: 'आपके नोट्स से:',
    notesNothing:
      'इस पाठ के नोट्स में आपके प्रश्न से मिलता कुछ नहीं है। AI शिक्षक के बिना केवल नोट्स उत्तर दे सकते हैं: इसी पाठ के बारे में पूछिए, या किसी शिक्षक से पूछिए।',
    notesNeedLesson: 'AI शिक्षक अभी उपलब्ध नहीं है। किसी पाठ के अंदर पूछिए: वहाँ उसके नोट्स उत्तर देंगे।',
  },
} as const satisfies Record<UiLanguage, Record<string, string>>;

export type FixedReplies = (typeof FIXED_REPLIES)[UiLanguage];

/**
 * The fixed replies for a question: in its own script's language when it is written in Kannada or
 * Devanagari letters, else in the learner's chosen language (English when none), as the model is
 * told to answer (prompt.ts, `languageRule`).
 */
export const fixedRepliesFor = (question: string, reads: UiLanguage = 'en'): FixedReplies =>
  FIXED_REPLIES[scriptLanguage(question) ?? reads];
