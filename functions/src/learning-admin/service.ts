import {
  ancestorEntities,
  CATALOGUE_TREE,
  QNA_LIMITS,
  LEARNING_MESSAGES as M,
  STAFF_LABEL,
  textField,
  type CatalogueEntity,
} from '@gia/shared';
import type { QuestionPlace } from '@gia/shared/admin-answers.ts';
import { learnerCount } from '../db/accounts.ts';
import type { Ref } from '../db/catalogue-keys.ts';
import { getRecords, pick, type RecordMap } from '../db/catalogue-reads.ts';
import { capturedPaymentsSince } from '../db/orders.ts';
import {
  appendAnswer,
  questionById,
  questionsForAdmin,
  unansweredQuestionCount,
  type Question,
} from '../db/questions.ts';
import { NotFoundError } from '../lib/errors.ts';
import { answerRefusal, publicQuestion } from '../domain/questions/index.ts';

/** The entities a question's topic is placed by on the desk: its chapter up to its board. */
const PLACES: readonly CatalogueEntity[] = ['topic', ...ancestorEntities('topic')];

/** Where a question was asked: the topic and its ancestors, ids and current names. */
export type { QuestionPlace };

/**
 * Where each topic sits: the topics in one BatchGet, then all their ancestors in one more (the
 * topic record carries its ancestors' ids). A topic that is gone has no place.
 */
async function placesOf(topicIds: string[]): Promise<Map<string, QuestionPlace>> {
  const topics = await getRecords([...new Set(topicIds)].map((id) => ({ entity: 'topic', id })));
  const ancestorRefs: Ref[] = [...topics.values()].flatMap((t) =>
    ancestorEntities('topic').flatMap((entity) => {
      const id = textField(t, CATALOGUE_TREE[entity].id);
      return id ? [{ entity, id }] : [];
    }),
  );
  const ancestors: RecordMap = ancestorRefs.length ? await getRecords(ancestorRefs) : new Map();
  const places = new Map<string, QuestionPlace>();
  for (const topicId of topicIds) {
    const topic = pick(topics, 'topic', topicId);
    if (!topic) continue;
    const place: Record<string, string> = {};
    for (const entity of PLACES) {
      const { id: idField, name: nameField } = CATALOGUE_TREE[entity];
      const id = textField(topic, idField);
      const record = entity === 'topic' ? topic : pick(ancestors, entity, id);
      place[idField] = id;
      if (nameField) place[nameField] = record ? textField(record, nameField) : '';
    }
    // Every id and name field of PLACES is set above: the shape `QuestionPlace` declares.
    places.set(topicId, place as QuestionPlace);
  }
  return places;
}

/** A question as the admin desk sees it (staff may see who asked), with where it was asked. */
const adminQuestion = (q: Question, place: QuestionPlace | null) => ({
  ...publicQuestion(q, ''),
  user_id: q.user_id,
  user_name: q.user_name,
  place,
  ...(q.handoff === true
    ? { handoff: true, draft: q.ai_draft ?? { text: '', citations: [] } }
    : { handoff: false }),
});

/** Unanswered hand-offs from the AI teacher come first; the order is otherwise kept. */
const handoffsFirst = (questions: Question[]) => {
  const open = (q: Question) => q.questionanswers.every((qa) => qa.answers.length === 0);
  const rank = (q: Question) => (q.handoff === true && open(q) ? 0 : 1);
  return [...questions].sort((a, b) => rank(a) - rank(b));
};

/**
 * The admin screen's list of questions: unanswered hand-offs from the AI teacher first, then the
 * other unanswered, then the answered (newest first within each), each with its topic, chapter,
 * sub-subject, subject, class and board.
 */
export async function adminQuestions(unansweredOnly: boolean) {
  const questions = handoffsFirst(await questionsForAdmin(unansweredOnly));
  const places = await placesOf(questions.map((q) => q.topic_id));
  return questions.map((q) => adminQuestion(q, places.get(q.topic_id) ?? null));
}

/**
 * An admin's answer: flagged `is_staff` by the server (only the admin pool reaches this route),
 * shown under the school's name; staff keep a few places beyond the learners' cap.
 */
export async function adminAnswer(adminId: string, qnaId: string, answer: string) {
  const q = await questionById(qnaId);
  if (!q) throw new NotFoundError(M.questionNotFound);
  await appendAnswer(
    q,
    {
      answer,
      answered_by: STAFF_LABEL,
      answered_at: new Date().toISOString(),
      user_id: adminId,
      is_staff: true,
    },
    { maxAnswers: QNA_LIMITS.answersPerQuestion + QNA_LIMITS.staffReserve },
  ).catch((err: unknown) => {
    throw answerRefusal(err);
  });
  const answered = (await questionById(qnaId)) ?? q;
  return adminQuestion(
    answered,
    (await placesOf([answered.topic_id])).get(answered.topic_id) ?? null,
  );
}

/** The span of the dashboard's sales: the last 7 days. */
const SALES_WINDOW_MS = 7 * 86_400_000;

/**
 * The admin dashboard's counts: learners signed up, payments that granted subjects in the last 7
 * days (how many, and the rupees kept), and questions no one has answered. One GetItem and two
 * Queries, read side by side.
 */
export async function dashboard(now = new Date()) {
  const since = new Date(now.getTime() - SALES_WINDOW_MS).toISOString();
  const [learners, sales, unanswered] = await Promise.all([
    learnerCount(),
    capturedPaymentsSince(since),
    unansweredQuestionCount(),
  ]);
  return {
    learners,
    paid_orders: { count: sales.count, amount: sales.amount, since },
    unanswered_questions: unanswered,
  };
}
