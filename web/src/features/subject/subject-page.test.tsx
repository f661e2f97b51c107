import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubjectOutline, SubjectOutlineTopic } from '@gia/shared/catalogue-records.ts';
import { chooseLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { SubjectPage } from './subject-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A topic's video before any transcode, as every public read answers it. */
const noVideo = {
  video_status: 'none',
  video_duration_seconds: null,
  video_renditions: [],
  video_hls_url: null,
  video_poster_url: null,
  captions: [],
} as const satisfies Partial<SubjectOutlineTopic>;

const outline: SubjectOutline = {
  subject: {
    subject_id: 's1',
    subject_name: 'Physics',
    class_id: 'c1',
    class_name: 'Class 9',
    board_id: 'b1',
    board_name: 'CBSE',
    subject_price: 499,
    subject_image_url: '',
    free_course: false,
    subject_created_date: '2026-01-01',
    rating: null,
  },
  authors: ['Ravi', 'Meena'],
  lesson_count: 3,
  duration_seconds: 3900,
  sub_subjects: [
    {
      sub_subject_id: 'ss1',
      sub_subject_name: 'Optics',
      chapters: [
        {
          chapter_id: 'ch1',
          chapter_name: 'Light',
          serial_no: 1,
          topics: [
            {
              topic_id: 't1',
              topic_name: 'Intro',
              serial_no: 1,
              duration_seconds: 65,
              free_to_watch: '1',
              video_url: 'https://media.example/intro.mp4?X-Amz-Signature=x',
              locked: false,
              ...noVideo,
            },
            {
              topic_id: 't2',
              topic_name: 'Mirrors',
              serial_no: 2,
              duration_seconds: null,
              free_to_watch: '2',
              video_url: null,
              locked: true,
              ...noVideo,
            },
          ],
        },
      ],
    },
    {
      sub_subject_id: 'ss2',
      sub_subject_name: 'Heat',
      chapters: [
        {
          chapter_id: 'ch2',
          chapter_name: 'Temperature',
          serial_no: 1,
          topics: [
            {
              topic_id: 't3',
              topic_name: 'Scales',
              serial_no: 1,
              duration_seconds: 30,
              free_to_watch: '2',
              video_url: null,
              locked: true,
              ...noVideo,
            },
          ],
        },
      ],
    },
  ],
};

/**
 * The free preview's lesson read (`getLesson`), as the lesson page gets it: the caller's own
 * signed video and its captions.
 */
const lessonT1 = {
  topic: {
    ...outline.sub_subjects[0]!.chapters[0]!.topics[0]!,
    video_url: '/media/private/videos/intro.mp4?sig=lesson',
    captions: [{ language: 'en', url: '/media/private/captions/intro.vtt?sig=c' }],
  },
  chapter: { chapter_id: 'ch1', chapter_name: 'Light', topics: [] },
  access: { status: 'free', signed_in: false },
  video: {
    status: 'none',
    hls_url: null,
    poster_url: null,
    mp4_url: '/media/private/videos/intro.mp4?sig=lesson',
    duration_seconds: null,
    renditions: [],
    captions: [{ language: 'en', url: '/media/private/captions/intro.vtt?sig=c' }],
  },
};

/** The API answers the outline with `answer` (a status and body), counting the calls. */
function stubOutline(...answers: [number, unknown][]) {
  const fetchMock = vi.fn(async (path: string) => {
    if (path.includes('/getLesson?topic_id=t1'))
      return json(200, { message: 'Lesson', data: lessonT1 });
    if (!path.includes('/getSubjectOutline/')) return json(404, { message: 'Not found.' });
    const [status, body] = answers.length > 1 ? answers.shift()! : answers[0]!;
    return json(status, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderPage = () =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/subjects/s1']}>
        <Routes>
          <Route
            path="/subjects/:subjectId"
            element={
              <SubjectPage action={(s) => <button type="button">Buy {s.subject_name}</button>} />
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(async () => {
  await chooseLanguage('en');
  vi.unstubAllGlobals();
  document.title = '';
  useSession.setState({ selections: {} });
});

describe('the subject page', () => {
  it('shows the hero, the action and the contents, with the free preview playable in a dialog', async () => {
    stubOutline([200, { message: 'Subject outline', data: outline }]);
    renderPage();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');

    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeTruthy();
    expect(document.title).toBe('Physics');
    expect(screen.getByText('Class 9 · CBSE')).toBeTruthy();
    expect(screen.getByText('No reviews yet')).toBeTruthy();
    expect(screen.getByText('By Ravi, Meena')).toBeTruthy();
    expect(screen.getByText('3 lessons · 1 h 5 min')).toBeTruthy();
    expect(screen.getAllByText('₹499').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Buy Physics' })).toBeTruthy();
    // The deep link sets the learner's selections.
    expect(useSession.getState().selections.subject).toEqual({ id: 's1', name: 'Physics' });

    // The first sub-subject is open, the others closed.
    const optics = screen.getByRole('button', { name: /Optics/ });
    expect(optics.getAttribute('aria-expanded')).toBe('true');
    const heat = screen.getByRole('button', { name: /Heat/ });
    expect(heat.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Scales')).toBeNull();
    fireEvent.click(heat);
    expect(screen.getByText('Scales')).toBeTruthy();

    const intro = screen.getByText('Intro').closest('li')!;
    expect(within(intro).getByText('Free preview')).toBeTruthy();
    expect(within(intro).getByText('1:05')).toBeTruthy();
    const mirrors = screen.getByText('Mirrors').closest('li')!;
    expect(within(mirrors).getByText('Part of the paid course')).toBeTruthy();
    expect(within(mirrors).queryByRole('button')).toBeNull();

    const play = within(intro).getByRole('button', { name: 'Play Intro' });
    play.focus();
    fireEvent.click(play);
    const dialog = screen.getByRole('dialog', { name: 'Intro' });
    // The preview plays what the lesson page plays: its own read, with its captions.
    await within(dialog).findByRole('button', { name: 'Captions' });
    expect(dialog.querySelector('video')?.getAttribute('src')).toBe(lessonT1.video.mp4_url);
    expect(dialog.querySelector('track')?.getAttribute('srclang')).toBe('en');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(play);
  });

  it('shows the real rating and Free for a free course', async () => {
    stubOutline([
      200,
      {
        data: {
          ...outline,
          subject: {
            ...outline.subject,
            free_course: true,
            rating: { average_rating: 4.5, review_count: 2 },
          },
        },
      },
    ]);
    renderPage();
    expect(await screen.findByText('★ 4.5 (2 reviews)')).toBeTruthy();
    expect(screen.getAllByText('Free').length).toBeGreaterThan(0);
    expect(screen.queryByText('₹0')).toBeNull();
    // Every lesson of a free course is free: no "Free preview" tags.
    expect(screen.queryByText('Free preview')).toBeNull();
  });

  it('says the subject does not exist for a 404, with a way back to the boards', async () => {
    stubOutline([404, { message: 'Subject not found.', code: 'NOT_FOUND' }]);
    renderPage();
    expect(
      await screen.findByRole('heading', { name: 'This subject does not exist.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse all boards' }).getAttribute('href')).toBe(
      '/GetBoard',
    );
  });

  it('shows an error with Try again for a failed load, never the empty text, and recovers', async () => {
    const fetchMock = stubOutline(
      // The page tries once more by itself before it says so.
      [500, { message: 'Internal error', code: 'INTERNAL' }],
      [500, { message: 'Internal error', code: 'INTERNAL' }],
      [200, { data: outline }],
    );
    renderPage();
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toContain(
      "We couldn't load this subject.",
    );
    expect(screen.queryByText('No lessons yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows a course taught in another medium as such, and none for English', async () => {
    stubOutline([
      200,
      { data: { ...outline, subject: { ...outline.subject, medium: 'kannada' } } },
    ]);
    const { unmount } = renderPage();
    expect(await screen.findByText('Kannada medium')).toBeTruthy();
    unmount();
    stubOutline([
      200,
      { data: { ...outline, subject: { ...outline.subject, medium: 'english' } } },
    ]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeTruthy();
    expect(screen.queryByText(/medium/)).toBeNull();
  });
});

describe('the subject page in Kannada', () => {
  it('speaks Kannada around the catalogue’s own names, reviews counted in its plural', async () => {
    await chooseLanguage('kn');
    const kannada = { ...outline.subject, subject_name: 'ಗಣಿತ', medium: 'kannada' as const };
    stubOutline([
      200,
      {
        data: {
          ...outline,
          subject: { ...kannada, rating: { average_rating: 4.5, review_count: 1 } },
        },
      },
    ]);
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'ಗಣಿತ' })).toBeTruthy();
    expect(screen.getByText('ಕನ್ನಡ ಮಾಧ್ಯಮ')).toBeTruthy();
    expect(screen.getByText('★ 4.5 (1 ವಿಮರ್ಶೆ)')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'ಪರಿವಿಡಿ' })).toBeTruthy();
    expect(screen.getByText('Ravi, Meena ಅವರಿಂದ')).toBeTruthy();
    const intro = screen.getByText('Intro').closest('li')!;
    expect(within(intro).getByText('ಉಚಿತ ಮುನ್ನೋಟ')).toBeTruthy();
    expect(within(intro).getByRole('button', { name: 'Intro ಪ್ಲೇ ಮಾಡಿ' })).toBeTruthy();
    const mirrors = screen.getByText('Mirrors').closest('li')!;
    expect(within(mirrors).getByText('ಹಣ ಪಾವತಿಸುವ ಕೋರ್ಸ್‌ನ ಭಾಗ')).toBeTruthy();
    unmount();

    stubOutline([
      200,
      {
        data: {
          ...outline,
          subject: { ...kannada, rating: { average_rating: 4, review_count: 3 } },
        },
      },
    ]);
    renderPage();
    expect(await screen.findByText('★ 4.0 (3 ವಿಮರ್ಶೆಗಳು)')).toBeTruthy();
  });
});
