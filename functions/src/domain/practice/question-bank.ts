import { ulid } from 'ulid';
import {
  TOPIC_MESSAGES,
  optionIdOf,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES as M,
  questionIdOf,
  type AdminQuestion,
  type PracticeQuestionFields,
  type QuestionSource,
} from '@gia/shared';
import { bankOfTopic, saveBank, type StoredQuestion } from '../../db/practice.ts';
import { recordOf, type TopicFields } from '../../db/records.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { isPrivateMedia, MEDIA_URL_INVALID, normaliseMediaUrl } from '../../lib/media.ts';

/**
 * Changes to a topic's question bank, shared by the admin routes and the AI drafts: read the bank,
 * change its questions, store it if nobody changed it meanwhile (tried again a few times).
 */

const ATTEMPTS = 4;

/**
 * Applies `change` to the questions of a topic's bank and stores them; answers what `change`
 * returned. 404 for an unknown topic; 409 when the bank keeps changing under us.
 */
export async function changeBank<T>(
  topicId: string,
  change: (questions: StoredQuestion[], topic: TopicFields) => T,
): Promise<T> {
  const topic = await recordOf('topic', topicId);
  if (!topic) throw new NotFoundError(TOPIC_MESSAGES.topicNotFound);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const bank = await bankOfTopic(topic);
    const questions = [...bank.questions];
    const result = change(questions, topic);
    if (questions.length > PRACTICE_LIMITS.questionsPerTopic) throw new ValidationError(M.bankFull);
    if (await saveBank({ ...bank, questions }, topic)) return result;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
  throw new ConflictError(M.bankBusy);
}

/**
 * The image url to store, or 400 for one that is not a public upload (the `image` kind) or an
 * https link: a question's image is shown to every learner of the quiz as it is, never signed.
 */
export function storedImage(url: string | null | undefined): string | null | undefined {
  if (url === undefined || url === null) return url;
  const stored = normaliseMediaUrl(url);
  if (stored === undefined || isPrivateMedia(stored)) throw new ValidationError(MEDIA_URL_INVALID);
  return stored || null;
}

/** A new question of a topic from what an admin (or the AI) wrote. */
export function newQuestion(
  topicId: string,
  fields: PracticeQuestionFields,
  now = new Date().toISOString(),
): StoredQuestion {
  const { options, tolerance, image_url, source, video_seconds, ...rest } = fields;
  return {
    ...rest,
    question_id: questionIdOf(topicId, ulid()),
    answer: Array.isArray(rest.answer) ? [...rest.answer].sort() : rest.answer,
    ...(options?.length
      ? { options: options.map((text, i) => ({ option_id: optionIdOf(i), text })) }
      : {}),
    ...(tolerance !== undefined && rest.type === 'numeric' ? { tolerance } : {}),
    ...(storedImage(image_url) ? { image_url: storedImage(image_url) } : {}),
    ...(source ? { source } : {}),
    ...(typeof video_seconds === 'number' ? { video_seconds } : {}),
    created_at: now,
    updated_at: now,
  };
}

/** A bank's questions as admins read them: in order, with their topic and position. */
export const adminQuestions = (topicId: string, questions: StoredQuestion[]): AdminQuestion[] =>
  questions.map((q, position) => ({ ...q, topic_id: topicId, position }));

/** A question written as text (a CSV row, an AI draft), before the schema checks it. */
export interface TextQuestion {
  type?: string;
  text?: string;
  options: string[];
  /** "2", "1;3", "true"/"false" or a number, as the type needs. */
  answer?: string;
  tolerance?: number;
  explanation?: string;
  difficulty?: string;
  source?: QuestionSource;
  video_seconds?: number;
  status?: string;
}

/**
 * The fields of a question written as text, for `PracticeQuestionFields` to check: the answer
 * read as its type needs (option numbers, a boolean, a number); anything unreadable is left as
 * it was, so the schema names the problem.
 */
export function fieldsOfText(q: TextQuestion): Record<string, unknown> {
  const type = q.type?.trim().toLowerCase();
  const raw = q.answer?.trim() ?? '';
  const answer =
    type === 'multiple'
      ? raw
          .split(/[;,]/)
          .map((a) => a.trim())
          .filter(Boolean)
      : type === 'true_false' && /^(true|false)$/i.test(raw)
        ? raw.toLowerCase() === 'true'
        : type === 'numeric' && raw !== '' && Number.isFinite(Number(raw))
          ? Number(raw)
          : raw;
  return {
    type,
    text: q.text,
    options: q.options.map((o) => o.trim()).filter(Boolean),
    answer,
    tolerance: type === 'numeric' ? q.tolerance : undefined,
    explanation: q.explanation,
    difficulty: q.difficulty?.trim().toLowerCase() || undefined,
    source: q.source,
    video_seconds: q.video_seconds,
    status: q.status?.trim().toLowerCase() || undefined,
  };
}
