import { DIFFICULTIES, QUESTION_TYPES } from './practice.ts';

/** The structured output the AI drafts questions in (`draftQuestions`). */
export const PRACTICE_DRAFT_FORMAT = {
  type: 'json_schema',
  json_schema: {
    name: 'practice_drafts',
    strict: true,
    schema: {
      type: 'object',
      properties: {
        questions: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              type: { type: 'string', enum: [...QUESTION_TYPES] },
              text: { type: 'string' },
              options: { type: 'array', items: { type: 'string' } },
              answer: { type: 'string' },
              tolerance: { type: 'number' },
              explanation: { type: 'string' },
              difficulty: { type: 'string', enum: [...DIFFICULTIES] },
              passage_id: { type: 'string' },
            },
            required: [
              'type',
              'text',
              'options',
              'answer',
              'tolerance',
              'explanation',
              'difficulty',
              'passage_id',
            ],
            additionalProperties: false,
          },
        },
      },
      required: ['questions'],
      additionalProperties: false,
    },
  },
} as const;

/** One drafted question in {@link PRACTICE_DRAFT_FORMAT}. */
export interface DraftedQuestion {
  type: string;
  text: string;
  options: string[];
  /** "2" (single), "1;3" (multiple), "true"/"false", or a number as text. */
  answer: string;
  tolerance: number;
  explanation: string;
  difficulty: string;
  passage_id: string;
}
