import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseProgress } from '@gia/shared';
import { chooseLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { MyCoursePage } from './my-courses-page.tsx';
import { signInForTest } from '../../test/session.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const course: CourseProgress = {
  subject_id: 's1',
  subject_name: 'Mathematics',
  subject_image_url: '',
  class_id: 'c1',
  class_name: 'Class 10',
  board_id: 'b1',
  board_name: 'CBSE',
  owned: true,
  topics_total: 9,
  topics_watched: 1,
  topics_mastered: 0,
  last: null,
  first: null,
};

/** Answers My Courses' two reads: the courses, and the review summary given. */
function stubServer(review: { due: number; streak: { days: number; today: boolean } }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) =>
      String(path).includes('/getReviewSummary')
        ? json({ message: 'ok', data: review })
        : json({ message: 'ok', data: [course] }),
    ),
  );
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MyCoursePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.setState({ isAuthenticated: false, role: null, user: null });
});

describe('My Courses', () => {
  it('names each course with a heading one level below the page’s, never skipping a level', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    stubServer({ due: 0, streak: { days: 0, today: false } });

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <MyCoursePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    await screen.findByRole('heading', { name: 'Mathematics' });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels).toEqual([1, 2]);
  });

  it('links to the review with the number of questions due today, and shows the streak', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    stubServer({ due: 1, streak: { days: 3, today: true } });

    renderPage();

    const link = await screen.findByRole('link', { name: '1 question to review today' });
    expect(link.getAttribute('href')).toBe('/Review');
    expect(screen.getByText('3-day streak')).toBeTruthy();
  });

  it('says "questions" for more than one, and how to keep a streak that today has not counted yet', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    stubServer({ due: 4, streak: { days: 2, today: false } });

    renderPage();

    await screen.findByRole('link', { name: '4 questions to review today' });
    expect(screen.getByText('2-day streak — keep it going today')).toBeTruthy();
  });

  it('shows no review line when nothing is due and there is no streak, only the streak when one stands', async () => {
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    stubServer({ due: 0, streak: { days: 0, today: false } });
    const { unmount } = renderPage();
    await screen.findByRole('heading', { name: 'Mathematics' });
    await vi.waitFor(() =>
      expect(
        vi.mocked(fetch).mock.calls.some(([p]) => String(p).includes('getReviewSummary')),
      ).toBe(true),
    );
    // The summary's answer has been rendered by the next turns of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/to review today/)).toBeNull();
    expect(screen.queryByText(/streak/)).toBeNull();
    unmount();

    stubServer({ due: 0, streak: { days: 5, today: true } });
    renderPage();
    await screen.findByText('5-day streak');
    expect(screen.queryByText(/to review today/)).toBeNull();
  });
});

describe('My Courses in Kannada', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('names the page, the progress and the next step in Kannada, one lesson or many', async () => {
    await chooseLanguage('kn');
    signInForTest({ role: 'learner', user: { name: 'Asha', email: 'a@x.in' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) =>
        String(path).includes('/getReviewSummary')
          ? json({ message: 'ok', data: { due: 0, streak: { days: 0, today: false } } })
          : json({
              message: 'ok',
              data: [
                course,
                { ...course, subject_id: 's2', subject_name: 'Science', topics_total: 1 },
              ],
            }),
      ),
    );

    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'ನನ್ನ ಕೋರ್ಸ್‌ಗಳು' })).toBeTruthy();
    // The plural: nine lessons, then one.
    expect(await screen.findByText('9 ಪಾಠಗಳಲ್ಲಿ 1')).toBeTruthy();
    expect(screen.getByText('1 ಪಾಠದಲ್ಲಿ 1')).toBeTruthy();
    expect(screen.getByText('9 ವಿಷಯಾಂಶಗಳಲ್ಲಿ 0 ಕರಗತ')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: 'Mathematics: ನೋಡಿದ ಪಾಠಗಳು' })
        .getAttribute('aria-valuetext'),
    ).toBe('9 ಪಾಠಗಳಲ್ಲಿ 1');
    expect(screen.getByRole('link', { name: 'Mathematics ಆರಂಭಿಸಿ' }).textContent).toBe('ಆರಂಭಿಸಿ');
  });
});
