import { describe, expect, it } from 'vitest';
import { groundedReply, type SeenRequest } from './openai-mock.ts';

/** A request as the product sends it: passages inside `<course_material>`, then the question. */
const request = (passages: { id: string; text: string }[], question: string): SeenRequest => ({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a teacher.' },
    {
      role: 'user',
      content: `Course material <course_material>${JSON.stringify({ passages })}</course_material>`,
    },
    { role: 'user', content: question },
  ],
  response_format: {},
  max_completion_tokens: 500,
});

describe('the OpenAI stand-in’s grounded rule', () => {
  it('matches a Kannada question to the passage holding its words whole, quoting its sentence', () => {
    const reply = groundedReply(
      request(
        [
          { id: 'p1', text: 'ಹಸಿರು ಸಸ್ಯಗಳು ಆಹಾರವನ್ನು ತಯಾರಿಸುತ್ತವೆ. ಈ ಕ್ರಿಯೆಯನ್ನು ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎನ್ನುತ್ತಾರೆ.' },
          { id: 'p2', text: 'ಎಲೆಗಳಲ್ಲಿ ಪತ್ರರಂಧ್ರಗಳು ಎಂಬ ಸೂಕ್ಷ್ಮ ರಂಧ್ರಗಳಿವೆ.' },
        ],
        'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎಂದರೇನು?',
      ),
    );
    expect(reply.covered).toBe(true);
    expect(reply.citations).toEqual([
      { passage_id: 'p1', quote: 'ಈ ಕ್ರಿಯೆಯನ್ನು ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ ಎನ್ನುತ್ತಾರೆ.' },
    ]);
  });

  it('ends a Hindi sentence at the danda, so the quote is one sentence', () => {
    const reply = groundedReply(
      request(
        [{ id: 'p1', text: 'हरे पौधे अपना भोजन स्वयं बनाते हैं। उन्हें स्वपोषी कहते हैं।' }],
        'स्वपोषी किसे कहते हैं?',
      ),
    );
    expect(reply.citations).toEqual([{ passage_id: 'p1', quote: 'उन्हें स्वपोषी कहते हैं।' }]);
  });

  it('does not take a passage sharing only vowel signs with the question for an answer', () => {
    const reply = groundedReply(
      request([{ id: 'p1', text: 'ಎಲೆಗಳಲ್ಲಿ ಪತ್ರರಂಧ್ರಗಳು ಎಂಬ ಸೂಕ್ಷ್ಮ ರಂಧ್ರಗಳಿವೆ.' }], 'ಗುರುತ್ವಾಕರ್ಷಣೆ ಎಂದರೇನು?'),
    );
    expect(reply).toMatchObject({ covered: false, citations: [] });
  });
});
