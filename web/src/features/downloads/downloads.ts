/*
 * The downloads of this tab (issue 32, items 3 and 4): the saved packs as the screens read them
 * (a query over Cache Storage), the saves running here with their progress (client state), and
 * the actions: work out a size, save, cancel, remove, resume unfinished saves, check entitlement.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { call } from '../../lib/api-call.ts';
import { t } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import {
  packIdOf,
  readPacks,
  removePack,
  type PackKind,
  type PackRecord,
} from '../../lib/saved-packs.ts';
import { removeAllPacks, syncPacks } from './entitlement.ts';
import { planPack, planSearch, remoteSize, type LessonAnswer, type PackPlan } from './pack-plan.ts';
import { SaveCancelled, savePack, type TopicStep } from './save-pack.ts';

/** Query key of the saved packs. */
export const packsKey = ['saved-packs'] as const;

/** The saved packs on this phone (read from Cache Storage: no network involved). */
export const useSavedPacks = () =>
  useQuery({
    queryKey: packsKey,
    queryFn: () => readPacks(),
    networkMode: 'always',
    staleTime: Infinity,
  });

/** A save running in this tab: how far it is, or why it stopped. */
export interface LiveSave {
  stored: number;
  expected: number;
  error?: string;
}

/** The saves of this tab, by pack id (client state: it ends with the tab; the record stays). */
export const useLiveSaves = create<{ saves: Record<string, LiveSave> }>(() => ({ saves: {} }));

const setLive = (id: string, live: LiveSave | undefined) =>
  useLiveSaves.setState((s) => {
    const saves = { ...s.saves };
    if (live) saves[id] = live;
    else delete saves[id];
    return { saves };
  });

const running = new Map<string, AbortController>();

/**
 * What else a pack keeps per topic, kept outside its cache: the ONE place where the practice pack
 * of issue 32 item 5 joins (`{ save: savePracticePack, remove: removePracticePack }`, set by the
 * app). `save` runs after each topic's files (save-pack.ts `TopicStep`); `remove` runs for each
 * topic of a pack that leaves the phone (removed, cancelled, refunded, signed out).
 */
export interface TopicExtra {
  save: TopicStep;
  remove(topicId: string): Promise<void>;
  /**
   * The bytes it is expected to store per topic, shown in the download size before the save
   * starts (its real size is known only once it is fetched).
   */
  estimate?: number;
}
let topicExtras: readonly TopicExtra[] = [];
/** Sets the {@link TopicExtra}s of every pack (the app, at start). */
export const setTopicExtras = (extras: readonly TopicExtra[]) => {
  topicExtras = extras;
};

/** Runs the extras' `remove` for the topics of packs that left the phone. */
async function removeExtras(records: readonly Pick<PackRecord, 'topics'>[]) {
  for (const r of records)
    for (const t of r.topics)
      for (const e of topicExtras) await e.remove(t.topic_id).catch(() => undefined);
}

/** The learner the packs are saved for: their id from the session (else their e-mail). */
export const learnerId = (): string | null => {
  const s = useSession.getState();
  if (!s.isAuthenticated || s.role !== 'learner' || !s.user) return null;
  return s.user.empid || s.user.email;
};

/** The lesson answer of a topic, as the app reads it (it also sets its delivery cookies). */
const readLesson = (topicId: string): Promise<LessonAnswer> =>
  call('catalogue.getLesson', { query: { topic_id: topicId } });

/** What is saved: one lesson, or the chapter's topics the learner may open. */
export interface SaveTarget {
  kind: PackKind;
  /** The chapter's id, or the lesson's topic id. */
  of: string;
  topicIds: string[];
  subjectName: string;
  chapterId: string;
  chapterName: string;
}

/** A pack's id from what it saves. */
export const packIdFor = (target: Pick<SaveTarget, 'kind' | 'of'>) =>
  packIdOf(target.kind, target.of);

/** The plan and size of a save (each topic's lesson read, the notes' and captions' sizes). */
export async function planSave(target: SaveTarget, rungHeight: number): Promise<PackPlan> {
  const answers = await Promise.all(target.topicIds.map(readLesson));
  const plan = await planPack(answers, rungHeight, (url) => remoteSize(url));
  // What each topic keeps besides its files (its practice questions), as expected.
  const extra = topicExtras.reduce((sum, e) => sum + (e.estimate ?? 0), 0);
  // The class's search index, so an offline search finds the saved lessons (issue 34).
  const classId = answers[0]?.data.topic.class_id;
  const search = classId ? await planSearch(classId) : undefined;
  return {
    ...plan,
    ...(search && { search: search.plan }),
    bytes: plan.bytes + extra * plan.topics.length + (search?.bytes ?? 0),
  };
}

/** The message of a save that stopped. */
function stopMessage(err: unknown): string {
  if (err instanceof DOMException && err.name === 'QuotaExceededError')
    return t('downloads.storageFull');
  if (err instanceof TypeError || !navigator.onLine) return t('downloads.interrupted');
  return err instanceof Error ? err.message : String(err);
}

/**
 * Code the app needs offline besides its precache (the notes viewer's pdf.js), fetched first by
 * every save so the service worker keeps it; set once by the app (app/lesson-route.tsx).
 */
let prepareCode: () => Promise<unknown> = () => Promise.resolve();
/** Sets what {@link startSave} fetches first (see `prepareCode`). */
export const setPrepareCode = (prepare: () => Promise<unknown>) => {
  prepareCode = prepare;
};

/**
 * Saves `target` at `rungHeight` (planned here unless `plan` is given), showing progress in this
 * tab; resumes an unfinished save of the same pack. A chapter saved replaces the single lessons
 * of it saved before (their files are reused, not downloaded again).
 */
export async function startSave(
  queryClient: QueryClient,
  target: SaveTarget,
  rungHeight: number,
  plan?: PackPlan,
): Promise<void> {
  const id = packIdFor(target);
  const userId = learnerId();
  if (!userId || running.has(id)) return;
  const controller = new AbortController();
  running.set(id, controller);
  setLive(id, { stored: 0, expected: plan?.bytes ?? 0 });
  try {
    // Before the pack is marked saved: its notes must open offline too.
    await prepareCode();
    const planned = plan ?? (await planSave(target, rungHeight));
    await savePack(
      planned,
      {
        id,
        kind: target.kind,
        user_id: userId,
        subject_name: target.subjectName,
        chapter_id: target.chapterId,
        chapter_name: target.chapterName,
        topics: planned.topics.map((t) => ({ topic_id: t.topicId, topic_name: t.topicName })),
        rung_height: planned.rungHeight,
        confirmed_at: new Date().toISOString(),
      },
      {
        signal: controller.signal,
        topicSteps: topicExtras.map((e) => e.save),
        onProgress: (p) => setLive(id, p),
      },
    );
    // The lessons saved alone before are in the chapter now (their extras too: not removed).
    if (target.kind === 'chapter') {
      for (const r of await readPacks())
        if (r.kind === 'lesson' && target.topicIds.includes(r.topics[0]?.topic_id ?? ''))
          await removePack(r.id);
    }
    setLive(id, undefined);
  } catch (err) {
    if (err instanceof SaveCancelled) {
      setLive(id, undefined);
      await removeExtras([
        { topics: target.topicIds.map((t) => ({ topic_id: t, topic_name: '' })) },
      ]);
    } else
      setLive(id, {
        ...(useLiveSaves.getState().saves[id] ?? { stored: 0, expected: 0 }),
        error: stopMessage(err),
      });
  } finally {
    running.delete(id);
    await queryClient.invalidateQueries({ queryKey: packsKey });
  }
}

/** Stops a save of this tab; what it stored is removed. */
export const cancelSave = (id: string) => running.get(id)?.abort();

/** Removes a saved pack (and everything of it). */
export async function removeSaved(queryClient: QueryClient, id: string) {
  running.get(id)?.abort();
  const record = (await readPacks()).find((r) => r.id === id);
  await removePack(id);
  if (record) await removeExtras([record]);
  setLive(id, undefined);
  await queryClient.invalidateQueries({ queryKey: packsKey });
}

/** The save target of a pack's record, to resume it. */
const targetOf = (r: PackRecord): SaveTarget => ({
  kind: r.kind,
  of: r.kind === 'chapter' ? r.chapter_id : (r.topics[0]?.topic_id ?? ''),
  topicIds: r.topics.map((t) => t.topic_id),
  subjectName: r.subject_name,
  chapterId: r.chapter_id,
  chapterName: r.chapter_name,
});

/**
 * Online, for the signed-in learner: checks every pack's entitlement (entitlement.ts), then
 * carries on the saves a closed tab (or a dropped network) left unfinished.
 */
export async function keepPacks(queryClient: QueryClient): Promise<void> {
  const userId = learnerId();
  if (!userId) return;
  const before = await readPacks();
  const done = await syncPacks({ userId, readLesson });
  await removeExtras(before.filter((r) => done[r.id] === 'removed'));
  await queryClient.invalidateQueries({ queryKey: packsKey });
  for (const r of await readPacks())
    if (r.state === 'saving' && !running.has(r.id))
      void startSave(queryClient, targetOf(r), r.rung_height);
}

/** Sign-out: every pack leaves the phone, and every save of this tab stops. */
export async function forgetPacks(queryClient: QueryClient): Promise<void> {
  for (const c of running.values()) c.abort();
  const before = await readPacks();
  await removeAllPacks();
  await removeExtras(before);
  useLiveSaves.setState({ saves: {} });
  await queryClient.invalidateQueries({ queryKey: packsKey });
}
