import { INDIAN_STATES, type StateCode } from '@gia/shared/selling-rules.ts';
import type { TranslationLanguage } from '@gia/shared/languages.ts';
import { useLanguage } from './i18n.ts';

/*
 * The states and union territories by the names Kannada and Hindi readers know them by (issue
 * 33), for the learner's state on the cart and the profile. Data, not interface text: kept beside
 * the GST codes' English names (shared/src/selling-rules.ts), which the invoice prints.
 */
const STATE_NAMES: Record<TranslationLanguage, Record<StateCode, string>> = {
  kn: {
    '01': 'ಜಮ್ಮು ಮತ್ತು ಕಾಶ್ಮೀರ',
    '02': 'ಹಿಮಾಚಲ ಪ್ರದೇಶ',
    '03': 'ಪಂಜಾಬ್',
    '04': 'ಚಂಡೀಗಢ',
    '05': 'ಉತ್ತರಾಖಂಡ',
    '06': 'ಹರಿಯಾಣ',
    '07': 'ದೆಹಲಿ',
    '08': 'ರಾಜಸ್ಥಾನ',
    '09': 'ಉತ್ತರ ಪ್ರದೇಶ',
    '10': 'ಬಿಹಾರ',
    '11': 'ಸಿಕ್ಕಿಂ',
    '12': 'ಅರುಣಾಚಲ ಪ್ರದೇಶ',
    '13': 'ನಾಗಾಲ್ಯಾಂಡ್',
    '14': 'ಮಣಿಪುರ',
    '15': 'ಮಿಜೋರಾಂ',
    '16': 'ತ್ರಿಪುರ',
    '17': 'ಮೇಘಾಲಯ',
    '18': 'ಅಸ್ಸಾಂ',
    '19': 'ಪಶ್ಚಿಮ ಬಂಗಾಳ',
    '20': 'ಜಾರ್ಖಂಡ್',
    '21': 'ಒಡಿಶಾ',
    '22': 'ಛತ್ತೀಸ್‌ಗಢ',
    '23': 'ಮಧ್ಯ ಪ್ರದೇಶ',
    '24': 'ಗುಜರಾತ್',
    '26': 'ದಾದ್ರಾ ಮತ್ತು ನಗರ್ ಹವೇಲಿ ಮತ್ತು ದಮನ್ ಮತ್ತು ದಿಯು',
    '27': 'ಮಹಾರಾಷ್ಟ್ರ',
    '29': 'ಕರ್ನಾಟಕ',
    '30': 'ಗೋವಾ',
    '31': 'ಲಕ್ಷದ್ವೀಪ',
    '32': 'ಕೇರಳ',
    '33': 'ತಮಿಳುನಾಡು',
    '34': 'ಪುದುಚೇರಿ',
    '35': 'ಅಂಡಮಾನ್ ಮತ್ತು ನಿಕೋಬಾರ್ ದ್ವೀಪಗಳು',
    '36': 'ತೆಲಂಗಾಣ',
    '37': 'ಆಂಧ್ರ ಪ್ರದೇಶ',
    '38': 'ಲಡಾಖ್',
    '97': 'ಇತರ ಪ್ರದೇಶ',
  },
  hi: {
    '01': 'जम्मू और कश्मीर',
    '02': 'हिमाचल प्रदेश',
    '03': 'पंजाब',
    '04': 'चंडीगढ़',
    '05': 'उत्तराखंड',
    '06': 'हरियाणा',
    '07': 'दिल्ली',
    '08': 'राजस्थान',
    '09': 'उत्तर प्रदेश',
    '10': 'बिहार',
    '11': 'सिक्किम',
    '12': 'अरुणाचल प्रदेश',
    '13': 'नागालैंड',
    '14': 'मणिपुर',
    '15': 'मिज़ोरम',
    '16': 'त्रिपुरा',
    '17': 'मेघालय',
    '18': 'असम',
    '19': 'पश्चिम बंगाल',
    '20': 'झारखंड',
    '21': 'ओडिशा',
    '22': 'छत्तीसगढ़',
    '23': 'मध्य प्रदेश',
    '24': 'गुजरात',
    '26': 'दादरा और नगर हवेली और दमन और दीव',
    '27': 'महाराष्ट्र',
    '29': 'कर्नाटक',
    '30': 'गोवा',
    '31': 'लक्षद्वीप',
    '32': 'केरल',
    '33': 'तमिलनाडु',
    '34': 'पुडुचेरी',
    '35': 'अंडमान और निकोबार द्वीपसमूह',
    '36': 'तेलंगाना',
    '37': 'आंध्र प्रदेश',
    '38': 'लद्दाख',
    '97': 'अन्य क्षेत्र',
  },
};

/** The states, each named in the interface's language, in the GST codes' order. */
export function useStates(): { code: StateCode; name: string }[] {
  const language = useLanguage((s) => s.language);
  return INDIAN_STATES.map((s) => ({
    code: s.code,
    name: language === 'en' ? s.name : STATE_NAMES[language][s.code],
  }));
}
