import { csvParseRows } from 'd3-dsv';
import {
  LEARNING_MESSAGES,
  PRACTICE_LIMITS,
  PRACTICE_MESSAGES as M,
  PracticeQuestionFields,
  QUESTION_CSV_HEADER,
  questionProblem,
  topicOfQuestion,
  type AdminQuestion,
  type ErrorDetail,
  type InsertPracticeQuestionInput,
  type UpdatePracticeQuestionInput,
} from '@gia/shared';
import { bankOfTopic, type StoredQuestion } from '../db/practice.ts';
import { recordOf } from '../db/records.ts';
import { NotFoundError, ValidationError } from '../lib/errors.ts';
import {
  adminQuestions,
  changeBank,
  fieldsOfText,
  newQuestion,
  storedImage,
} from '../domain/practice/index.ts';
import { parse } from '../lib/validation.ts';

/** The question bank of a topic for admins (docs/api.md §9). */

export async function listQuestions(topicId: string): Promise<AdminQuestion[]> {
  const topic = await recordOf('topic', topicId);
  if (!topic) throw new NotFoundError(LEARNING_MESSAGES.topicNotFound);
  return adminQuestions(topicId, (await bankOfTopic(topic)).questions);
}

export async function insertQuestion(input: InsertPracticeQuestionInput): Promise<AdminQuestion> {
  const { topic_id, ...fields } = input;
  const q = newQuestion(topic_id, fields);
  const position = await changeBank(topic_id, (questions) => questions.push(q) - 1);
  return adminQuestions(topic_id, [q]).map((a) => ({ ...a, position }))[0]!;
}

/** The index of a question in its bank, or 404. */
function indexOf(questions: StoredQuestion[], questionId: string): number {
  const at = questions.findIndex((q) => q.question_id === questionId);
  if (at < 0) throw new NotFoundError(M.questionNotFound);
  return at;
}

/** The topic a question id names, or 404. */
function topicOf(questionId: string): string {
  const topicId = topicOfQuestion(questionId);
  if (!topicId) throw new NotFoundError(M.questionNotFound);
  return topicId;
}

/**
 * Changes some fields of a question (and moves it to `position`). The result is checked as a
 * whole: a new type without options drops the old ones, a non-numeric type its tolerance.
 */
export async function updateQuestion(input: UpdatePracticeQuestionInput): Promise<AdminQuestion> {
  const { question_id, position, options, tolerance, image_url, ...fields } = input;
  const topicId = topicOf(question_id);
  const image = storedImage(image_url);
  const now = new Date().toISOString();
  const { q, at } = await changeBank(topicId, (questions) => {
    const from = indexOf(questions, question_id);
    const old = questions[from]!;
    const type = fields.type ?? old.type;
    const choice = type === 'single' || type === 'multiple';
    const texts = options ?? (choice ? (old.options ?? []).map((o) => o.text) : []);
    const merged = {
      type,
      options: texts,
      answer: fields.answer ?? old.answer,
      tolerance:
        type === 'numeric'
          ? tolerance === null
            ? undefined
            : (tolerance ?? old.tolerance)
          : undefined,
    };
    const problem = questionProblem(merged);
    if (problem) throw new ValidationError(problem);
    const next: StoredQuestion = {
      ...old,
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      type,
      answer: Array.isArray(merged.answer) ? [...merged.answer].sort() : merged.answer,
      updated_at: now,
    };
    delete next.options;
    delete next.tolerance;
    if (texts.length) next.options = texts.map((text, i) => ({ option_id: String(i + 1), text }));
    if (merged.tolerance !== undefined) next.tolerance = merged.tolerance;
    if (image !== undefined) next.image_url = image;
    for (const key of ['source', 'video_seconds'] as const) {
      if (fields[key] === null) delete next[key];
    }
    questions.splice(from, 1);
    const to = position === undefined ? from : Math.min(position, questions.length);
    questions.splice(to, 0, next);
    return { q: next, at: to };
  });
  return adminQuestions(topicId, [q]).map((a) => ({ ...a, position: at }))[0]!;
}

export async function deleteQuestion(questionId: string): Promise<void> {
  await changeBank(topicOf(questionId), (questions) => {
    questions.splice(indexOf(questions, questionId), 1);
  });
}

/** A cell as a number, or undefined when blank (and NaN, refused by the schema, when not one). */
const numberOf = (cell: string | undefined) =>
  cell === undefined || cell.trim() === '' ? undefined : Number(cell.trim());

/** One CSV row as a question written as text. */
function rowQuestion(cells: Partial<Record<(typeof QUESTION_CSV_HEADER)[number], string>>) {
  const page = numberOf(cells.source_page);
  const seconds = numberOf(cells.source_seconds);
  return fieldsOfText({
    type: cells.type,
    text: cells.text,
    options: QUESTION_CSV_HEADER.filter((c) => c.startsWith('option_')).map((c) => cells[c] ?? ''),
    answer: cells.answer,
    tolerance: numberOf(cells.tolerance),
    explanation: cells.explanation,
    difficulty: cells.difficulty,
    source:
      page !== undefined
        ? { kind: 'notes', page }
        : seconds !== undefined
          ? { kind: 'video', seconds }
          : undefined,
    video_seconds: numberOf(cells.video_seconds),
    status: cells.status,
  });
}

/**
 * Imports a CSV in the template's columns (d3-dsv parses it: quoted fields, commas and line
 * breaks inside them). All or nothing: one bad row imports nothing, and the answer lists every
 * bad row by its line number.
 */
export async function importQuestions(topicId: string, csv: string): Promise<AdminQuestion[]> {
  const rows = csvParseRows(csv.replace(/^\uFEFF/, '')).filter((r) =>
    r.some((c) => c.trim() !== ''),
  );
  const header = rows.shift()?.map((c) => c.trim().toLowerCase());
  const known = new Set<string>(QUESTION_CSV_HEADER);
  if (!header || header.some((h) => !known.has(h)) || !header.includes('type')) {
    throw new ValidationError(M.importHeader);
  }
  if (!rows.length) throw new ValidationError(M.importEmpty);
  if (rows.length > PRACTICE_LIMITS.importRows) throw new ValidationError(M.importTooMany);
  const errors: ErrorDetail[] = [];
  const fields = rows.flatMap((row, i) => {
    const cells = Object.fromEntries(header.map((h, c) => [h, row[c]]));
    try {
      return [parse(PracticeQuestionFields, rowQuestion(cells))];
    } catch (err) {
      // Line numbers as a spreadsheet shows them: the header is line 1.
      errors.push({ field: `row ${i + 2}`, message: (err as Error).message });
      return [];
    }
  });
  if (errors.length) throw new ValidationError(M.importFailed, errors);
  const made = fields.map((f) => newQuestion(topicId, f));
  const first = await changeBank(topicId, (questions) => questions.push(...made) - made.length);
  return adminQuestions(topicId, made).map((a, i) => ({ ...a, position: first + i }));
}
