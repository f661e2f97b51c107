import type { TranslationLanguage, Translations } from '@gia/shared';

/**
 * The demo catalogue's words in Kannada and Hindi (issue 33), by the English text the seed writes
 * (scripts/src/seed.ts): written for school students, in the words Karnataka's and the
 * Hindi-medium textbooks use. Board names (CBSE, ICSE, SSLC, PUC) are the same in every language,
 * so boards carry none. A demo text missing here is an error of the seed, not an English name.
 */
export type Words = Record<TranslationLanguage, string>;

export const DEMO_WORDS: Record<string, Words> = {
  // Classes and their descriptions.
  'Class 10': { kn: 'ಹತ್ತನೇ ತರಗತಿ', hi: 'कक्षा 10' },
  'Class 9': { kn: 'ಒಂಬತ್ತನೇ ತರಗತಿ', hi: 'कक्षा 9' },
  'PUC I': { kn: 'ಪ್ರಥಮ ಪಿಯುಸಿ', hi: 'पीयूसी प्रथम वर्ष' },
  'Complete CBSE Class 10 preparation with video lessons and notes.': {
    kn: 'ವಿಡಿಯೋ ಪಾಠಗಳು ಮತ್ತು ಟಿಪ್ಪಣಿಗಳೊಂದಿಗೆ CBSE ಹತ್ತನೇ ತರಗತಿಯ ಸಂಪೂರ್ಣ ತಯಾರಿ.',
    hi: 'वीडियो पाठों और नोट्स के साथ CBSE कक्षा 10 की पूरी तैयारी।',
  },
  'Build strong foundations for board exams.': {
    kn: 'ಬೋರ್ಡ್ ಪರೀಕ್ಷೆಗಳಿಗೆ ಗಟ್ಟಿಯಾದ ಅಡಿಪಾಯ ಹಾಕಿಕೊಳ್ಳಿ.',
    hi: 'बोर्ड परीक्षाओं के लिए मज़बूत नींव बनाइए।',
  },
  'ICSE Class 10 with concept videos and practice.': {
    kn: 'ಪರಿಕಲ್ಪನೆಗಳ ವಿಡಿಯೋಗಳು ಮತ್ತು ಅಭ್ಯಾಸದೊಂದಿಗೆ ICSE ಹತ್ತನೇ ತರಗತಿ.',
    hi: 'अवधारणाओं के वीडियो और अभ्यास के साथ ICSE कक्षा 10।',
  },
  'SSLC Class 10: free Mathematics revision, and Science in Kannada medium.': {
    kn: 'SSLC ಹತ್ತನೇ ತರಗತಿ: ಉಚಿತ ಗಣಿತ ಪುನರಾವರ್ತನೆ ಮತ್ತು ಕನ್ನಡ ಮಾಧ್ಯಮದಲ್ಲಿ ವಿಜ್ಞಾನ.',
    hi: 'SSLC कक्षा 10: गणित की मुफ़्त दोहराई, और कन्नड़ माध्यम में विज्ञान।',
  },
  'First PUC science stream essentials.': {
    kn: 'ಪ್ರಥಮ ಪಿಯುಸಿ ವಿಜ್ಞಾನ ವಿಭಾಗದ ಮುಖ್ಯ ಪಾಠಗಳು.',
    hi: 'पीयूसी प्रथम वर्ष विज्ञान वर्ग के ज़रूरी पाठ।',
  },

  // Subjects and sub-subjects.
  Mathematics: { kn: 'ಗಣಿತ', hi: 'गणित' },
  Science: { kn: 'ವಿಜ್ಞಾನ', hi: 'विज्ञान' },
  Physics: { kn: 'ಭೌತಶಾಸ್ತ್ರ', hi: 'भौतिक विज्ञान' },
  Chemistry: { kn: 'ರಸಾಯನಶಾಸ್ತ್ರ', hi: 'रसायन विज्ञान' },
  Biology: { kn: 'ಜೀವಶಾಸ್ತ್ರ', hi: 'जीवविज्ञान' },
  English: { kn: 'ಇಂಗ್ಲಿಷ್', hi: 'अंग्रेज़ी' },
  Algebra: { kn: 'ಬೀಜಗಣಿತ', hi: 'बीजगणित' },
  Geometry: { kn: 'ರೇಖಾಗಣಿತ', hi: 'ज्यामिति' },
  'Number Systems': { kn: 'ಸಂಖ್ಯಾ ಪದ್ಧತಿಗಳು', hi: 'संख्या पद्धति' },
  Mechanics: { kn: 'ಯಂತ್ರಶಾಸ್ತ್ರ', hi: 'यांत्रिकी' },
  Grammar: { kn: 'ವ್ಯಾಕರಣ', hi: 'व्याकरण' },
  Statistics: { kn: 'ಸಂಖ್ಯಾಶಾಸ್ತ್ರ', hi: 'सांख्यिकी' },
  Botany: { kn: 'ಸಸ್ಯಶಾಸ್ತ್ರ', hi: 'वनस्पति विज्ञान' },

  // Chapters.
  'Linear Equations': { kn: 'ರೇಖಾತ್ಮಕ ಸಮೀಕರಣಗಳು', hi: 'रैखिक समीकरण' },
  'Quadratic Equations': { kn: 'ವರ್ಗ ಸಮೀಕರಣಗಳು', hi: 'द्विघात समीकरण' },
  Triangles: { kn: 'ತ್ರಿಭುಜಗಳು', hi: 'त्रिभुज' },
  'Light - Reflection and Refraction': {
    kn: 'ಬೆಳಕು - ಪ್ರತಿಫಲನ ಮತ್ತು ವಕ್ರೀಭವನ',
    hi: 'प्रकाश - परावर्तन तथा अपवर्तन',
  },
  'Acids, Bases and Salts': {
    kn: 'ಆಮ್ಲಗಳು, ಪ್ರತ್ಯಾಮ್ಲಗಳು ಮತ್ತು ಲವಣಗಳು',
    hi: 'अम्ल, क्षारक एवं लवण',
  },
  'Real Numbers': { kn: 'ವಾಸ್ತವ ಸಂಖ್ಯೆಗಳು', hi: 'वास्तविक संख्याएँ' },
  Force: { kn: 'ಬಲ', hi: 'बल' },
  Tenses: { kn: 'ಕಾಲಗಳು (Tenses)', hi: 'काल (Tenses)' },
  'Mean, Median and Mode': {
    kn: 'ಸರಾಸರಿ, ಮಧ್ಯಾಂಕ ಮತ್ತು ಬಹುಲಕ',
    hi: 'माध्य, माध्यिका और बहुलक',
  },
  'The Living World': { kn: 'ಜೀವ ಜಗತ್ತು', hi: 'जीव जगत' },
  'Life Processes': { kn: 'ಜೀವ ಕ್ರಿಯೆಗಳು', hi: 'जैव प्रक्रम' },

  // The topics every demo chapter has, and their descriptions.
  Introduction: { kn: 'ಪರಿಚಯ', hi: 'परिचय' },
  'What this chapter covers and why it matters.': {
    kn: 'ಈ ಅಧ್ಯಾಯದಲ್ಲಿ ಏನನ್ನು ಕಲಿಯುತ್ತೇವೆ ಮತ್ತು ಅದು ಏಕೆ ಮುಖ್ಯ.',
    hi: 'इस अध्याय में हम क्या सीखेंगे और यह क्यों ज़रूरी है।',
  },
  'Core ideas': { kn: 'ಮುಖ್ಯ ಪರಿಕಲ್ಪನೆಗಳು', hi: 'मुख्य अवधारणाएँ' },
  'The main definitions with worked examples.': {
    kn: 'ಮುಖ್ಯ ವ್ಯಾಖ್ಯೆಗಳು ಮತ್ತು ಬಿಡಿಸಿದ ಉದಾಹರಣೆಗಳು.',
    hi: 'मुख्य परिभाषाएँ और हल किए गए उदाहरण।',
  },
  'Practice problems': { kn: 'ಅಭ್ಯಾಸದ ಲೆಕ್ಕಗಳು', hi: 'अभ्यास प्रश्न' },
  'Step-by-step solutions to exam-style questions.': {
    kn: 'ಪರೀಕ್ಷೆಯ ಮಾದರಿಯ ಪ್ರಶ್ನೆಗಳಿಗೆ ಹಂತ ಹಂತವಾದ ಪರಿಹಾರಗಳು.',
    hi: 'परीक्षा जैसे प्रश्नों के चरण-दर-चरण हल।',
  },

  // The Kannada-medium subject's topics.
  Photosynthesis: { kn: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ', hi: 'प्रकाश संश्लेषण' },
  'How green plants make their food from carbon dioxide and water in sunlight.': {
    kn: 'ಹಸಿರು ಸಸ್ಯಗಳು ಸೂರ್ಯನ ಬೆಳಕಿನಲ್ಲಿ ಇಂಗಾಲದ ಡೈಆಕ್ಸೈಡ್ ಮತ್ತು ನೀರಿನಿಂದ ತಮ್ಮ ಆಹಾರವನ್ನು ಹೇಗೆ ತಯಾರಿಸುತ್ತವೆ.',
    hi: 'हरे पौधे सूर्य के प्रकाश में कार्बन डाइऑक्साइड और जल से अपना भोजन कैसे बनाते हैं।',
  },
  Respiration: { kn: 'ಉಸಿರಾಟ', hi: 'श्वसन' },
  'How cells release energy from food, with and without oxygen, and how we breathe.': {
    kn: 'ಜೀವಕೋಶಗಳು ಆಮ್ಲಜನಕದೊಂದಿಗೆ ಮತ್ತು ಆಮ್ಲಜನಕವಿಲ್ಲದೆ ಆಹಾರದಿಂದ ಶಕ್ತಿಯನ್ನು ಹೇಗೆ ಬಿಡುಗಡೆ ಮಾಡುತ್ತವೆ, ಮತ್ತು ನಾವು ಹೇಗೆ ಉಸಿರಾಡುತ್ತೇವೆ.',
    hi: 'कोशिकाएँ ऑक्सीजन के साथ और उसके बिना भोजन से ऊर्जा कैसे मुक्त करती हैं, और हम साँस कैसे लेते हैं।',
  },

  // Testimonials: who said it, and what.
  'Class 10 student, Delhi': { kn: 'ಹತ್ತನೇ ತರಗತಿ ವಿದ್ಯಾರ್ಥಿನಿ, ದೆಹಲಿ', hi: 'कक्षा 10 की छात्रा, दिल्ली' },
  'The short videos and notes made revision so much easier before my boards.': {
    kn: 'ಚಿಕ್ಕ ವಿಡಿಯೋಗಳು ಮತ್ತು ಟಿಪ್ಪಣಿಗಳಿಂದ ಬೋರ್ಡ್ ಪರೀಕ್ಷೆಗೆ ಮುನ್ನ ಪುನರಾವರ್ತನೆ ತುಂಬಾ ಸುಲಭವಾಯಿತು.',
    hi: 'छोटे वीडियो और नोट्स से बोर्ड परीक्षा से पहले दोहराई बहुत आसान हो गई।',
  },
  'Parent, Bengaluru': { kn: 'ಪೋಷಕರು, ಬೆಂಗಳೂರು', hi: 'अभिभावक, बेंगलुरु' },
  'My son finally enjoys maths. The AI teacher answers his doubts at night.': {
    kn: 'ಈಗ ನನ್ನ ಮಗನಿಗೆ ಗಣಿತ ಇಷ್ಟವಾಗುತ್ತಿದೆ. ರಾತ್ರಿಯೂ AI ಶಿಕ್ಷಕರು ಅವನ ಸಂದೇಹಗಳಿಗೆ ಉತ್ತರಿಸುತ್ತಾರೆ.',
    hi: 'आख़िरकार मेरे बेटे को गणित में मज़ा आने लगा है। रात में भी AI शिक्षक उसके सवालों के जवाब देते हैं।',
  },
  'PUC I student, Mysuru': {
    kn: 'ಪ್ರಥಮ ಪಿಯುಸಿ ವಿದ್ಯಾರ್ಥಿನಿ, ಮೈಸೂರು',
    hi: 'पीयूसी प्रथम वर्ष की छात्रा, मैसूरु',
  },
  'Clear explanations in simple language, and I can rewatch any topic.': {
    kn: 'ಸರಳ ಭಾಷೆಯಲ್ಲಿ ಸ್ಪಷ್ಟ ವಿವರಣೆಗಳಿವೆ, ಮತ್ತು ಯಾವ ವಿಷಯವನ್ನಾದರೂ ಮತ್ತೆ ನೋಡಬಹುದು.',
    hi: 'सरल भाषा में साफ़ समझाया गया है, और मैं कोई भी विषय दोबारा देख सकती हूँ।',
  },
  'Class 9 student, Hyderabad': {
    kn: 'ಒಂಬತ್ತನೇ ತರಗತಿ ವಿದ್ಯಾರ್ಥಿ, ಹೈದರಾಬಾದ್',
    hi: 'कक्षा 9 का छात्र, हैदराबाद',
  },
  'Practice problems with step-by-step solutions helped me a lot.': {
    kn: 'ಹಂತ ಹಂತವಾದ ಪರಿಹಾರಗಳಿರುವ ಅಭ್ಯಾಸದ ಲೆಕ್ಕಗಳು ನನಗೆ ತುಂಬಾ ಸಹಾಯ ಮಾಡಿದವು.',
    hi: 'चरण-दर-चरण हल वाले अभ्यास प्रश्नों से मुझे बहुत मदद मिली।',
  },
};

/** A demo text in Kannada and Hindi; a text missing from {@link DEMO_WORDS} is the seed's error. */
export function demoWords(english: string): Words {
  const words = DEMO_WORDS[english];
  if (!words) throw new Error(`The demo text "${english}" has no Kannada and Hindi words.`);
  return words;
}

/** The end of every demo chapter's description, after its name. */
const CHAPTER_ABOUT: Record<'en' | TranslationLanguage, string> = {
  en: 'concepts, examples and practice.',
  kn: 'ಪರಿಕಲ್ಪನೆಗಳು, ಉದಾಹರಣೆಗಳು ಮತ್ತು ಅಭ್ಯಾಸ.',
  hi: 'अवधारणाएँ, उदाहरण और अभ्यास।',
};

/** A demo chapter's description, in English and in Kannada and Hindi. */
export function chapterDescription(chapter: string): { en: string } & Words {
  const name = demoWords(chapter);
  return {
    en: `${chapter}: ${CHAPTER_ABOUT.en}`,
    kn: `${name.kn}: ${CHAPTER_ABOUT.kn}`,
    hi: `${name.hi}: ${CHAPTER_ABOUT.hi}`,
  };
}

/**
 * A record's `translations` input: each field given as `[its English text]` is looked up in
 * {@link DEMO_WORDS}, each given as {@link Words} is taken as it is.
 */
export function demoTranslations(fields: Record<string, string | Words>): Translations {
  const out: Record<TranslationLanguage, Record<string, string>> = { kn: {}, hi: {} };
  for (const [field, text] of Object.entries(fields)) {
    const words = typeof text === 'string' ? demoWords(text) : text;
    out.kn[field] = words.kn;
    out.hi[field] = words.hi;
  }
  return out;
}
