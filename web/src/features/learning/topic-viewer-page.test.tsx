import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { HOW_TO_SAVE, PACK_NEEDS_CONFIRMING } from '@gia/shared/downloads-messages.ts';
import { useSession } from '../../lib/session.ts';
import { useInstallPrompt, type BeforeInstallPromptEvent } from '../../lib/install-prompt.ts';
import { useLessonPlayback } from '../../lib/lesson-playback.ts';
import { signInForTest } from '../../test/session.ts';
import { TopicViewerPage, type Assistant } from './topic-viewer-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const topic = (n: number, extra: Partial<TopicRecord> = {}): TopicRecord => ({
  topic_id: `t${n}`,
  topic_name: ['Linear Equations', 'Graphs of Lines', 'Word Problems'][n - 1]!,
  topic_description: `About topic ${n}`,
  chapter_id: 'ch1',
  sub_subject_id: 'ss1',
  subject_id: 's1',
  class_id: 'c1',
  board_id: 'b1',
  sub_subject_name: 'Algebra',
  subject_name: 'Mathematics',
  class_name: 'Class 10',
  board_name: 'CBSE',
  chapter_name: 'Equations',
  video_url: `/media/t${n}.mp4?sig=x`,
  notes_url: `/media/t${n}.pdf?sig=x`,
  image_url: '',
  author: 'Meena',
  status: 'Active',
  language: 'english',
  free_to_watch: '2',
  serial_no: n,
  created_date: '2026-01-01T00:00:00.000Z',
  locked: false,
  ...extra,
});

/** The lesson read of one topic, as the server builds it from the chapter and the progress. */
function lessonOf(
  topics: TopicRecord[],
  progress: { topic_id: string; completed: boolean; updated_at: string }[],
  topicId: string | null,
) {
  const t = topics.find((x) => x.topic_id === topicId);
  if (!t) return undefined;
  return {
    topic: t,
    chapter: {
      chapter_id: 'ch1',
      chapter_name: 'Equations',
      topics: topics.map((x) => {
        const p = progress.find((y) => y.topic_id === x.topic_id);
        return {
          topic_id: x.topic_id,
          topic_name: x.topic_name,
          chapter_id: x.chapter_id,
          serial_no: x.serial_no,
          free_to_watch: x.free_to_watch,
          duration_seconds: null,
          video_duration_seconds: null,
          locked: x.locked === true,
          progress: p ? { ...p, position_seconds: 10, duration_seconds: 10 } : null,
        };
      }),
    },
    access: { status: t.locked ? 'locked' : 'owned', signed_in: true },
    video: {
      status: 'none',
      hls_url: null,
      poster_url: null,
      mp4_url: t.video_url,
      duration_seconds: null,
      renditions: [],
      captions: [],
    },
  };
}

/** A server with the chapter's topics and the learner's progress (t1 watched to the end). */
function stubServer(
  options: {
    topics?: TopicRecord[];
    progress?: { topic_id: string; completed: boolean; updated_at: string }[];
    /** The check a lesson offers at its end (`getQuiz`), and the verdicts of its answers. */
    quiz?: unknown;
    verdicts?: Record<string, unknown>;
  } = {},
) {
  const topics = options.topics ?? [topic(1), topic(2), topic(3)];
  const progress = options.progress ?? [
    { topic_id: 't1', completed: true, updated_at: '2026-11-20T10:00:00.000Z' },
  ];
  const fetchMock = vi.fn(async (path: string, init?: unknown) => {
    const p = String(path);
    if (p.includes('/getLesson?')) {
      const found = lessonOf(
        topics,
        progress,
        new URLSearchParams(p.split('?')[1]).get('topic_id'),
      );
      return found
        ? json(200, { message: 'Lesson', data: found })
        : json(404, { message: 'Topic not found.', code: 'NOT_FOUND' });
    }
    if (p.includes('/getTopics?')) return json(200, { message: 'Topics', data: topics });
    if (p.includes('/getTopicProgress?')) {
      return json(200, {
        message: 'Progress',
        data: progress.map((x) => ({ ...x, position_seconds: 10, duration_seconds: 10 })),
      });
    }
    if (p.includes('/getreviews?')) {
      return json(200, {
        message: 'Reviews',
        data: [],
        summary: { average_rating: 0, review_count: 0 },
        entitled: true,
      });
    }
    if (p.includes('/getqna?')) return json(200, { message: 'Questions', data: [] });
    if (p.includes('/saveTopicProgress')) return json(200, { message: 'Progress saved.' });
    if (p.includes('/getQuiz?') && options.quiz) {
      return json(200, { message: 'Questions loaded successfully.', data: options.quiz });
    }
    if (p.includes('/answerQuiz') && options.verdicts) {
      const body = JSON.parse(String((init as RequestInit | undefined)?.body)) as {
        question_id: string;
      };
      return json(200, { message: 'Answer checked.', data: options.verdicts[body.question_id] });
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Where the router is, for the assertions on the URL. */
let where = '';
function Location() {
  const location = useLocation();
  where = location.pathname + location.search;
  return null;
}

function renderPlayer(url: string, assistant?: Assistant) {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={[url]}>
        <Location />
        <Routes>
          <Route path="/GetTopic" element={<TopicViewerPage assistant={assistant} />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ selections: {} });
  document.title = '';
});

describe('the lesson player', () => {
  it('opens the lesson a deep link names, sets the selections from its ancestors, and titles the page', async () => {
    stubServer();
    renderPlayer('/GetTopic?chapter=ch1&topic=t2');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Graphs of Lines');
    expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
    expect(document.title).toBe('Graphs of Lines · GIA School');
    expect(useSession.getState().selections).toEqual({
      board: { id: 'b1', name: 'CBSE' },
      class: { id: 'c1', name: 'Class 10' },
      subject: { id: 's1', name: 'Mathematics' },
      subSubject: { id: 'ss1', name: 'Algebra' },
      chapter: { id: 'ch1', name: 'Equations' },
    });
    expect(where).toBe('/GetTopic?chapter=ch1&topic=t2');
  });

  it('shows the curriculum with a tick on each watched lesson and the chapter’s progress', async () => {
    stubServer({
      progress: [
        { topic_id: 't1', completed: true, updated_at: '2026-11-20T10:00:00.000Z' },
        { topic_id: 't3', completed: false, updated_at: '2026-11-19T10:00:00.000Z' },
      ],
    });
    renderPlayer('/GetTopic?chapter=ch1&topic=t1');

    const curriculum = await screen.findByRole('navigation', { name: 'Equations' });
    await within(curriculum).findByText('1 of 3 watched');
    expect((curriculum.querySelector('progress') as HTMLProgressElement).value).toBe(1);
    const items = within(curriculum).getAllByRole('link');
    expect(items.map((a) => a.getAttribute('href'))).toEqual([
      '/GetTopic?chapter=ch1&topic=t1',
      '/GetTopic?chapter=ch1&topic=t2',
      '/GetTopic?chapter=ch1&topic=t3',
    ]);
    expect(items.map((a) => within(a).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Watched',
      'Not watched yet',
      'Not watched yet',
    ]);
    expect(items[0]!.getAttribute('aria-current')).toBe('page');
  });

  it('goes to the next lesson with Next lesson, updating the URL, and offers it at the end of the video', async () => {
    const server = stubServer();
    renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    await screen.findByRole('heading', { level: 1, name: 'Linear Equations' });
    expect(screen.queryByRole('link', { name: /Previous/ })).toBeNull();

    // The video ends: its position is saved, and (the topic has no questions) the next lesson
    // is the one action offered: the nav's own Next lesson steps aside.
    const video = await screen.findByLabelText('Video: Linear Equations');
    fireEvent.ended(video);
    const end = await screen.findByText('Lesson complete. Up next: Graphs of Lines');
    expect(screen.getAllByRole('link', { name: /Next lesson/ })).toHaveLength(1);
    expect(
      within(end.parentElement!)
        .getByRole('link', { name: /Next lesson/ })
        .getAttribute('href'),
    ).toBe('/GetTopic?chapter=ch1&topic=t2');
    // The position goes through the outbox (issue 32): kept on the device, then sent.
    await vi.waitFor(() =>
      expect(server.mock.calls.some(([p]) => String(p).includes('/saveTopicProgress'))).toBe(true),
    );
    expect(server.mock.calls.some(([p]) => String(p).includes('/getQuiz?'))).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: /Next lesson/ }));
    await screen.findByRole('heading', { level: 1, name: 'Graphs of Lines' });
    expect(where).toBe('/GetTopic?chapter=ch1&topic=t2');
    expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Previous/ }).getAttribute('href')).toBe(
      '/GetTopic?chapter=ch1&topic=t1',
    );
    // The last lesson has no Next.
    fireEvent.click(screen.getByRole('link', { name: /Next lesson/ }));
    await screen.findByRole('heading', { level: 1, name: 'Word Problems' });
    expect(screen.queryByRole('link', { name: /Next lesson/ })).toBeNull();
  });

  it('tells the app while its video plays (the update prompt waits), and not once paused, ended or left', async () => {
    stubServer();
    const { unmount } = renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    const video = await screen.findByLabelText('Video: Linear Equations');
    const playing = () => useLessonPlayback.getState().playing;

    fireEvent.play(video);
    expect(playing()).toBe(true);
    fireEvent.pause(video);
    expect(playing()).toBe(false);
    fireEvent.play(video);
    fireEvent.ended(video);
    expect(playing()).toBe(false);
    fireEvent.play(video);
    unmount();
    expect(playing()).toBe(false);
  });

  it('offers to install the app under a finished lesson, on a later visit, when the browser can', async () => {
    const prompt = { prompt: vi.fn(), userChoice: new Promise(() => {}) };
    useInstallPrompt.setState({
      prompt: prompt as unknown as BeforeInstallPromptEvent,
      firstVisit: false,
      dismissedAt: null,
    });
    stubServer();
    renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    const video = await screen.findByLabelText('Video: Linear Equations');
    expect(screen.queryByRole('heading', { name: 'Install GIA School' })).toBeNull();

    fireEvent.ended(video);
    await screen.findByRole('heading', { name: 'Install GIA School' });
    fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt.prompt).toHaveBeenCalledTimes(1);
    useInstallPrompt.setState({ prompt: null });
  });

  it('offers a check of the lesson at its end, runs it in the Practice tab, and shows what was missed, where it is taught, and the next lesson', async () => {
    const server = stubServer({
      quiz: {
        attempt_id: `t2-t1-${'a'.repeat(32)}`,
        scope: 'topic',
        questions: [
          {
            question_id: 'q1',
            topic_id: 't1',
            type: 'single',
            text: 'What is x if 2x = 6?',
            options: [
              { option_id: 'a', text: '2' },
              { option_id: 'b', text: '3' },
            ],
          },
          { question_id: 'q2', topic_id: 't1', type: 'true_false', text: 'x + 0 = x' },
        ],
      },
      verdicts: {
        q1: {
          correct: false,
          explanation: 'Divide both sides by 2.',
          correct_answer: 'b',
          source: { kind: 'video', seconds: 65 },
        },
        q2: {
          correct: true,
          explanation: 'Adding zero changes nothing.',
          correct_answer: true,
          score: { correct: 1, total: 2, percent: 50 },
        },
      },
    });
    renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    await screen.findByLabelText('Video: Linear Equations');

    // "I've finished" ends the lesson as the video's end does: one primary action, the check.
    fireEvent.click(screen.getByRole('button', { name: "I've finished" }));
    const check = await screen.findByRole('button', { name: 'Check your understanding' });
    expect(screen.getByText(/2 questions check what you have learnt/)).toBeTruthy();
    const asked = server.mock.calls.find(([p]) => String(p).includes('/getQuiz?'))![0];
    const query = new URLSearchParams(String(asked).split('?')[1]);
    expect(query.get('count')).toBe('5');
    // With the topic's subject, class and board the lesson read gave: the server reads one less.
    expect([query.get('subject_id'), query.get('class_id'), query.get('board_id')]).toEqual([
      's1',
      'c1',
      'b1',
    ]);
    fireEvent.click(check);

    // The Practice tab opens on the check's first question.
    expect(screen.getByRole('tab', { name: 'Practice' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Check your understanding' })).toBeNull();
    fireEvent.click(await screen.findByRole('radio', { name: '2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await screen.findByText('Not quite.');
    // The right option is marked in words, the wrong pick too.
    const right = screen.getByRole('radio', { name: /^3/ }).closest('label')!;
    expect(right.className).toContain('is-right-answer');
    expect(right.textContent).toContain('Right answer');
    expect(screen.getByRole('radio', { name: '2' }).closest('label')!.className).toContain(
      'is-wrong-pick',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    fireEvent.click(await screen.findByRole('button', { name: 'See your score' }));

    expect(screen.getByText('You scored 1 of 2 (50%).')).toBeTruthy();
    const missed = screen.getByRole('region', { name: 'The question you missed' });
    expect(missed.textContent).toContain('What is x if 2x = 6?');
    expect(missed.textContent).toContain('The right answer: 3');
    expect(missed.textContent).toContain('Divide both sides by 2.');
    expect(
      within(missed).getByRole('button', { name: 'Watch it in the video at 1:05' }),
    ).toBeTruthy();
    expect(missed.textContent).not.toContain('x + 0 = x');
    // Then the next lesson is the primary action.
    const next = within(screen.getByRole('tabpanel')).getByRole('link', { name: /Next lesson/ });
    expect(next.className).toContain('btn-primary');
    expect(next.getAttribute('href')).toBe('/GetTopic?chapter=ch1&topic=t2');
  });

  it('says offline that the lesson is not saved for offline, with what to do, and opens it once back online', async () => {
    stubServer();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    // Offline, the network fails (and no saved pack answers, as the service worker would).
    vi.mocked(fetch).mockImplementation(async (...args: Parameters<typeof fetch>) => {
      if (!onlineManager.isOnline()) throw new TypeError('Failed to fetch');
      return answer(...args);
    });
    onlineManager.setOnline(false);
    try {
      // The chapter chosen last is another one: the page does not name the link's by it.
      useSession.setState({ selections: { chapter: { id: 'ch9', name: 'Sound' } } });
      renderPlayer('/GetTopic?chapter=ch1&topic=t1');
      const notice = await screen.findByText(/Not saved for offline/);
      expect(notice.textContent).toContain('this lesson');
      screen.getByText(HOW_TO_SAVE);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Lesson');
      act(() => onlineManager.setOnline(true));
      await screen.findByRole('heading', { level: 1, name: 'Linear Equations' });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("shows a saved lesson's answer offline, as the service worker gives it, and its reason when it refuses", async () => {
    stubServer();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (...args: Parameters<typeof fetch>) =>
      String(args[0]).includes('topic_id=t2')
        ? json(403, { code: 'FORBIDDEN', message: PACK_NEEDS_CONFIRMING })
        : answer(...args),
    );
    onlineManager.setOnline(false);
    try {
      renderPlayer('/GetTopic?chapter=ch1&topic=t1');
      await screen.findByRole('heading', { level: 1, name: 'Linear Equations' });
      cleanup();
      renderPlayer('/GetTopic?chapter=ch1&topic=t2');
      await screen.findByText(PACK_NEEDS_CONFIRMING);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('without a topic, opens where the learner stopped (the lesson after one finished) and completes the URL', async () => {
    stubServer();
    renderPlayer('/GetTopic?chapter=ch1');
    await screen.findByRole('heading', { level: 1, name: 'Graphs of Lines' });
    await waitFor(() => expect(where).toBe('/GetTopic?chapter=ch1&topic=t2'));
  });

  it('without ids in the URL, opens the chapter chosen before (the old flow)', async () => {
    stubServer({ progress: [] });
    useSession.setState({ selections: { chapter: { id: 'ch1', name: 'Equations' } } });
    renderPlayer('/GetTopic');
    await screen.findByRole('heading', { level: 1, name: 'Linear Equations' });
    await waitFor(() => expect(where).toBe('/GetTopic?chapter=ch1&topic=t1'));
  });

  it('has Notes, Practice, Questions and Reviews as tabs, moved through with the arrow keys', async () => {
    stubServer();
    renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    const tablist = await screen.findByRole('tablist', { name: 'About this lesson' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Notes', 'Practice', 'Questions', 'Reviews']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual([
      'true',
      'false',
      'false',
      'false',
    ]);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(screen.getByRole('link', { name: 'Read the notes' }).getAttribute('href')).toBe(
      '/Notes?topic=t1',
    );

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Practice' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Practice' }), { key: 'ArrowRight' });
    const questionsTab = screen.getByRole('tab', { name: 'Questions' });
    expect(questionsTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(questionsTab);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(questionsTab.id);
    expect(within(panel).getByLabelText('Question').tagName).toBe('TEXTAREA');

    fireEvent.keyDown(questionsTab, { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Practice' }), { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Notes' }), { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Reviews' }).getAttribute('aria-selected')).toBe('true');
    await within(screen.getByRole('tabpanel')).findByText('No reviews yet — be the first');
    expect(
      within(screen.getByRole('tabpanel')).getByRole('group', { name: 'Rating' }),
    ).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Reviews' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Notes' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers the AI teacher as a tab only when the app passes one in', async () => {
    stubServer();
    const { unmount } = renderPlayer('/GetTopic?chapter=ch1&topic=t1');
    await screen.findByRole('tablist');
    expect(screen.queryByRole('tab', { name: 'AI teacher' })).toBeNull();
    unmount();

    renderPlayer('/GetTopic?chapter=ch1&topic=t1', (t) => <p>Teacher of {t.topic_name}</p>);
    fireEvent.click(await screen.findByRole('tab', { name: 'AI teacher' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Teacher of Linear Equations');
  });

  it('starts from one request, getLesson, and reads the tabs’ and the video’s other data only later', async () => {
    const server = stubServer();
    renderPlayer('/GetTopic?chapter=ch1&topic=t2');
    await screen.findByRole('heading', { level: 1, name: 'Graphs of Lines' });
    await screen.findByLabelText('Video: Graphs of Lines');
    await act(async () => undefined);

    const asked = server.mock.calls.map(([p]) => String(p).split('?')[0]!.split('/').pop());
    expect(asked).toEqual(['getLesson']);
    // With the link's chapter, which saves the server the topic's own read.
    expect(String(server.mock.calls[0]![0])).toContain('?topic_id=t2&chapter_id=ch1');
  });

  it('adopts the lesson read the boot script started before the bundle, once', async () => {
    const server = stubServer();
    const body = { message: 'Lesson', data: lessonOf([topic(1), topic(2)], [], 't2') };
    const boot = { topic: 't2', lesson: Promise.resolve(json(200, body)) };
    Object.assign(window, { __giaBoot: boot });
    try {
      renderPlayer('/GetTopic?chapter=ch1&topic=t2');

      await screen.findByRole('heading', { level: 1, name: 'Graphs of Lines' });
      // The boot script's answer (a chapter of two), not a request of the page's own.
      expect(screen.getByText('Lesson 2 of 2')).toBeTruthy();
      expect(server.mock.calls.some(([p]) => String(p).includes('/getLesson?'))).toBe(false);
      expect(boot).not.toHaveProperty('lesson');
    } finally {
      delete (window as { __giaBoot?: unknown }).__giaBoot;
    }
  });

  it('asks for itself a lesson the boot script did not read (another topic)', async () => {
    const server = stubServer();
    Object.assign(window, { __giaBoot: { topic: 't3', lesson: Promise.resolve(undefined) } });
    try {
      renderPlayer('/GetTopic?chapter=ch1&topic=t2');

      await screen.findByRole('heading', { level: 1, name: 'Graphs of Lines' });
      expect(screen.getByText('Lesson 2 of 3')).toBeTruthy();
      expect(server.mock.calls.some(([p]) => String(p).includes('/getLesson?topic_id=t2'))).toBe(
        true,
      );
    } finally {
      delete (window as { __giaBoot?: unknown }).__giaBoot;
    }
  });

  it('says a locked lesson is part of the paid course and links to the subject’s page', async () => {
    stubServer({
      topics: [topic(1), topic(2, { locked: true, video_url: null, notes_url: null })],
      progress: [],
    });
    renderPlayer('/GetTopic?chapter=ch1&topic=t2');
    await screen.findByText('This lesson is part of the paid course');
    expect(screen.getByRole('link', { name: 'See the course' }).getAttribute('href')).toBe(
      '/subjects/s1',
    );
    expect(screen.queryByRole('video')).toBeNull();
    await act(async () => undefined);
  });

  it("plays a paid lesson the learner owns from the lesson's one read, without the catalogue's personal call", async () => {
    // Given a signed-in learner who owns the subject: the lesson's read carries their signed media
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'asha@example.com' } });
    const fetchMock = stubServer({
      topics: [topic(1), topic(2, { video_url: '/media/t2.mp4?sig=mine' })],
      progress: [],
    });

    // When the lesson opens
    renderPlayer('/GetTopic?chapter=ch1&topic=t2');

    // Then it plays the learner's own signed media, and only getLesson was asked about the lesson
    const video = await screen.findByLabelText('Video: Graphs of Lines');
    expect(
      video.getAttribute('src') ?? video.querySelector('source')?.getAttribute('src'),
    ).toContain('sig=mine');
    expect(screen.queryByText('This lesson is part of the paid course')).toBeNull();
    const asked = fetchMock.mock.calls.map(([p]) => String(p));
    expect(asked.some((p) => p.includes('/getLesson?topic_id=t2'))).toBe(true);
    expect(asked.some((p) => /getMyCatalogueState|getTopics\?/.test(p))).toBe(false);
    useSession.getState().signOut();
  });
});
