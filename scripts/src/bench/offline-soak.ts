import { randomUUID } from 'node:crypto';
import {
  BASES,
  gradedOf,
  routePath,
  type OfflineQuiz,
  type OfflineQuizQuestion,
} from '@gia/shared';
import type { BenchApi } from './demo.ts';

/*
 * The offline answers soak (issue 32, "Measured"): simulated learners each answer questions of
 * their saved practice packs offline, then come back online and send their queue the way the
 * app's outbox does (oldest first, each answer with its device-made `client_id`), through the
 * real API, while the network drops requests or their answers, some sends go out twice at once,
 * and some learners have a second tab flushing the same queue. Counted from the API afterwards
 * (the admin's per-question statistics of the topic, which count each counted answer once):
 * nothing lost, nothing doubled. The bench section (sections/offline-soak.ts) runs it at full
 * size; an integration test (scripts/test/offline-soak.int.test.ts) runs it small, in CI.
 */

const ADMIN_DATA = `${BASES.admin}/data`;
/** Questions per practice pack: a topic quiz's largest size. */
const PACK_SIZE = 10;

export interface SoakOptions {
  api: BenchApi;
  /** An admin's access token: the soak builds its own topic and reads its statistics. */
  adminToken: string;
  learners: number;
  answersEach: number;
  /** Share of sends lost by the network: half before reaching the server, half on the way back. */
  dropRate?: number;
  /** Share of sends that go out twice at once (a retry racing its original). */
  duplicateRate?: number;
  /** Share of learners with a second tab flushing the same queue at the same time. */
  twoTabRate?: number;
  /** Learners signing up, and flushing, at the same time. */
  concurrency?: number;
}

export interface SoakResult {
  learners: number;
  /** Answers made offline (learners × answers each): what the server must count. */
  made: number;
  /** What the API counted afterwards. */
  counted: number;
  lost: number;
  doubled: number;
  /** Requests sent in all, and how many of them were lost or sent twice or by a second tab. */
  requests: number;
  dropped: number;
  duplicates: number;
  twoTabLearners: number;
  /** Answers the server refused (4xx): a resend it did not recognise would show here. */
  refused: number;
  /** Packs whose final score differs from the device's own grading. */
  wrongScores: number;
  seconds: number;
}

/** One answer waiting on the device, as the outbox keeps it. */
interface Entry {
  client_id: string;
  body: { attempt_id: string; question_id: string; answer: unknown; client_id: string };
  correct: boolean;
  last: boolean;
}

/** Runs `work` over `items`, `n` at a time. */
async function inPool<T>(items: T[], n: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** A topic of its own, free to watch, with `PACK_SIZE` approved true/false questions. */
async function soakTopic(api: BenchApi, token: string): Promise<string> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const post = async (path: string, body: object) => {
    const res = await api('POST', `${ADMIN_DATA}/${path}`, token, body);
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}`);
    return res.body.data as Record<string, string>;
  };
  const board = await post('insertBoards', { board_name: `Soak ${tag}` });
  const cls = await post('insertClasses', {
    class_name: 'Soak',
    board_id: board.board_id,
    price: 1,
  });
  const subject = await post('insertSubjects', {
    subject_name: 'Soak',
    class_id: cls.class_id,
    price: 1,
  });
  const chapter = await post('insertChapters', {
    chapter_name: 'Soak',
    subject_id: subject.subject_id,
    serial_no: 1,
    description: 'The offline answers soak.',
  });
  const topic = await post('insertTopics', {
    chapter_id: chapter.chapter_id,
    topic_name: 'Soak',
    author: 'Bench',
    free_to_watch: '1',
  });
  for (let i = 0; i < PACK_SIZE; i++) {
    await post('insertQuestions', {
      topic_id: topic.topic_id,
      type: 'true_false',
      text: `Soak statement ${i + 1} is true.`,
      answer: i % 2 === 0,
      explanation: 'So the soak says.',
      status: 'approved',
    });
  }
  return topic.topic_id!;
}

/** Signs up and signs in one learner of the soak. */
async function soakLearner(api: BenchApi, i: number, tag: string): Promise<string> {
  const email = `soak-${tag}-${i}@gia.bench`;
  const password = 'Soak12345';
  const signup = await api('POST', routePath('learner.login.signup'), undefined, {
    user_name: `Soak Learner ${i}`,
    email,
    password,
  });
  if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
  const login = await api('POST', routePath('learner.login.request'), undefined, {
    email,
    password,
  });
  if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
  return String(login.body.accessToken);
}

/** Runs the soak and counts, from the API, what reached the server. */
export async function offlineSoak(options: SoakOptions): Promise<SoakResult> {
  const { api, adminToken, learners, answersEach } = options;
  const dropRate = options.dropRate ?? 0.2;
  const duplicateRate = options.duplicateRate ?? 0.2;
  const twoTabRate = options.twoTabRate ?? 0.3;
  const concurrency = options.concurrency ?? 10;
  const started = performance.now();
  const topicId = await soakTopic(api, adminToken);
  const tag = Date.now().toString(36);

  const tokens: string[] = [];
  await inPool(
    Array.from({ length: learners }, (_, i) => i),
    concurrency,
    async (i) => {
      tokens[i] = await soakLearner(api, i, tag);
    },
  );

  const stats = { requests: 0, dropped: 0, duplicates: 0, twoTab: 0, refused: 0, wrongScores: 0 };

  // Offline: each learner saved packs online, then answered their questions on the device.
  const queues = await Promise.all(
    tokens.map(async (token) => {
      const queue: Entry[] = [];
      while (queue.length < answersEach) {
        const res = await api(
          'GET',
          `${routePath('practice.getOfflineQuiz')}?topic_id=${topicId}`,
          token,
        );
        if (res.status !== 200) throw new Error(`getOfflineQuiz answered ${res.status}`);
        const pack = res.body.data as OfflineQuiz;
        const asked = pack.questions.slice(0, answersEach - queue.length);
        asked.forEach((q: OfflineQuizQuestion, k) => {
          const answer = Math.random() < 0.5;
          const clientId = randomUUID();
          queue.push({
            client_id: clientId,
            body: {
              attempt_id: pack.attempt_id,
              question_id: q.question_id,
              answer,
              client_id: clientId,
            },
            correct: gradedOf(q, answer).correct,
            last: k === pack.questions.length - 1,
          });
        });
      }
      return { token, queue };
    }),
  );

  /** One send as the network treats it: answers the graded answer, or undefined when lost. */
  async function send(token: string, e: Entry): Promise<Record<string, unknown> | undefined> {
    stats.requests++;
    const fate = Math.random();
    if (fate < dropRate / 2) {
      stats.dropped++;
      return undefined; // lost before it reached the server
    }
    const res = await api('POST', routePath('practice.answerQuiz'), token, e.body);
    if (fate < dropRate) {
      stats.dropped++;
      return undefined; // reached the server, its answer lost on the way back
    }
    if (res.status !== 200) {
      stats.refused++;
      return {};
    }
    return res.body.data as Record<string, unknown>;
  }

  /** A tab flushing the learner's queue oldest first until it is empty, as the outbox does. */
  async function flushTab(
    token: string,
    queue: Entry[],
    done: Set<string>,
    scores: Map<string, unknown>,
  ) {
    for (let round = 0; round < 50 && done.size < queue.length; round++) {
      for (const e of queue) {
        if (done.has(e.client_id)) continue;
        const twice = Math.random() < duplicateRate;
        if (twice) stats.duplicates++;
        const answers = await Promise.all(
          twice ? [send(token, e), send(token, e)] : [send(token, e)],
        );
        const answer = answers.find((a) => a !== undefined);
        // A lost send stops the flush (order is kept); the next round retries from here.
        if (!answer) break;
        done.add(e.client_id);
        if (e.last) scores.set(e.body.attempt_id, answer.score);
      }
    }
  }

  await inPool(queues, concurrency, async ({ token, queue }) => {
    const done = new Set<string>();
    const scores = new Map<string, unknown>();
    const tabs = [flushTab(token, queue, done, scores)];
    if (Math.random() < twoTabRate) {
      stats.twoTab++;
      tabs.push(flushTab(token, queue, done, scores));
    }
    await Promise.all(tabs);
    // Each pack's score, as the server counted it, is the device's own grading.
    for (const [attempt, score] of scores) {
      const mine = queue.filter((e) => e.body.attempt_id === attempt);
      const want = { correct: mine.filter((e) => e.correct).length, total: mine.length };
      const got = score as { correct?: number; total?: number } | undefined;
      if (got?.correct !== want.correct || got.total !== want.total) stats.wrongScores++;
    }
  });

  const dropoff = await api('GET', `${ADMIN_DATA}/getTopicDropoff?topic_id=${topicId}`, adminToken);
  if (dropoff.status !== 200) throw new Error(`getTopicDropoff answered ${dropoff.status}`);
  const counted = (dropoff.body.data as { questions: { answered: number }[] }).questions.reduce(
    (n, q) => n + q.answered,
    0,
  );
  const made = learners * answersEach;
  return {
    learners,
    made,
    counted,
    lost: Math.max(0, made - counted),
    doubled: Math.max(0, counted - made),
    requests: stats.requests,
    dropped: stats.dropped,
    duplicates: stats.duplicates,
    twoTabLearners: stats.twoTab,
    refused: stats.refused,
    wrongScores: stats.wrongScores,
    seconds: (performance.now() - started) / 1000,
  };
}
