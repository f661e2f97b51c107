import { LEARNER_MESSAGES, LEARNING_MESSAGES as M, type AskAiInput } from '@gia/shared';
import { getRecordsAndGrants } from '../db/catalogue.ts';
import {
  pickOf,
  recordOf,
  subjectsOfClass,
  type BoardFields,
  type ClassFields,
  type SubjectFields,
} from '../db/records.ts';
import { mayWatchTopic } from '../domain/entitlement/index.ts';
import { ForbiddenError, NotFoundError } from '../lib/errors.ts';
import { requireTopicAccess } from '../domain/entitlement/index.ts';
import { groundedPassages, type SentPassage } from './retrieval.ts';

/** What the teacher is scoped to: the names, and the passages the question picked. */
export interface Scope {
  names: Record<string, string>;
  passages: SentPassage[];
  /** Whether the scope is a topic (an answer is then held to its passages). */
  grounded: boolean;
}

/**
 * Whether the teacher may answer in a class: the one rule, asked of a topic of the class that is
 * not itself free to watch, either in the class (open when the class or its board is a free
 * course) or in one of its subjects (open when that subject is a free course or owned).
 */
export function classOpen(
  cls: ClassFields,
  board: BoardFields | undefined,
  subjects: SubjectFields[],
  owned: ReadonlySet<string>,
): boolean {
  const topicIn = (subject?: SubjectFields) =>
    mayWatchTopic(
      { topic: { subject_id: subject?.subject_id }, subject, class: cls, board },
      owned,
    );
  return topicIn() || subjects.some((s) => topicIn(s));
}

/** A class scope's names, when the class is open to the learner (else 403). */
async function classScope(userId: string, classId: string): Promise<Record<string, string>> {
  const subjects = await subjectsOfClass(classId);
  const { records, granted } = await getRecordsAndGrants(
    [{ entity: 'class', id: classId }],
    userId,
    subjects.map((s) => s.subject_id),
  );
  const cls = pickOf(records, 'class', classId);
  if (!cls) throw new NotFoundError(LEARNER_MESSAGES.classNotFound);
  const board = await recordOf('board', cls.board_id);
  if (!classOpen(cls, board, subjects, granted)) throw new ForbiddenError(M.notEntitled);
  return {
    board: board?.board_name ?? '',
    class: cls.class_name,
    class_description: cls.description ?? '',
  };
}

/**
 * What the teacher is scoped to, from the server's own data and the learner's entitlement only
 * (never names sent by the client): for a topic the learner may watch, its names and the
 * question's passages; for a class, its names; else nothing (the general teacher).
 */
export async function scope(
  userId: string,
  input: Pick<AskAiInput, 'topic_id' | 'class_id' | 'messages'>,
): Promise<Scope> {
  if (input.topic_id) {
    const a = await requireTopicAccess(userId, input.topic_id);
    return {
      names: {
        board: a.board?.board_name ?? '',
        class: a.class?.class_name ?? '',
        subject: a.subject?.subject_name ?? '',
        chapter: a.chapter?.chapter_name ?? '',
        topic: a.topic.topic_name,
      },
      passages: await groundedPassages(userId, a, input.messages),
      grounded: true,
    };
  }
  if (input.class_id) {
    return { names: await classScope(userId, input.class_id), passages: [], grounded: false };
  }
  return { names: {}, passages: [], grounded: false };
}
