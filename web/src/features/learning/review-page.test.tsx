import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewPage } from './review-page.tsx';

/** The shape of a device-made id (issue 32). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

const QUEUE = {
  due: 3,
  attempt_id: 'r2-review-0123456789abcdef0123456789abcdef',
  questions: [
    {
      question_id: 'T1_A',
      topic_id: 'T1',
      type: 'single',
      text: 'Which city did Akbar build as his capital?',
      options: [
        { option_id: '1', text: 'Fatehpur Sikri' },
        { option_id: '2', text: 'Madurai' },
      ],
    },
    { question_id: 'T2_B', topic_id: 'T2', type: 'true_false', text: 'Akbar was a Mughal.' },
  ],
  streak: { days: 2, today: false },
};

/** A server with this queue; the first question answered right, the second wrong. */
function stubServer(queue: unknown = QUEUE) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (String(path).includes('/getReviewQueue')) return json({ message: 'ok', data: queue });
      const body = JSON.parse(String(init?.body)) as { question_id: string };
      sent.push(body);
      return json({
        message: 'Answer checked.',
        data:
          body.question_id === 'T1_A'
            ? { correct: true, explanation: 'Near Agra.', correct_answer: '1' }
            : { correct: false, explanation: 'He was.', correct_answer: true },
      });
    }),
  );
  return sent;
}

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ReviewPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('the review screen', () => {
  it('asks the due questions one at a time in the review attempt, with feedback, then ends', async () => {
    const sent = stubServer();
    renderPage();

    // The first question, answered right.
    await screen.findByText('Review · question 1 of 2');
    fireEvent.click(screen.getByLabelText('Fatehpur Sikri'));
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await screen.findByText('Correct!');
    expect(sent[0]).toEqual({
      attempt_id: QUEUE.attempt_id,
      question_id: 'T1_A',
      answer: '1',
      client_id: expect.stringMatching(UUID),
    });

    // The second, answered wrong: the right answer is shown.
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await screen.findByText('Review · question 2 of 2');
    fireEvent.click(screen.getByLabelText('False'));
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    await screen.findByText('Not quite.');
    expect(screen.getByText('The right answer:').textContent).toBe('The right answer: True');

    // Then the end: the count right, the one more due, and the way back.
    fireEvent.click(screen.getByRole('button', { name: 'Finish review' }));
    await screen.findByText('Review done: 1 of 2 right.');
    expect(screen.getByText(/1 more question is due/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Courses' }).getAttribute('href')).toBe(
      '/MyCourse',
    );
  });

  it('says so when nothing is due', async () => {
    stubServer({ due: 0, attempt_id: null, questions: [], streak: { days: 0, today: false } });
    renderPage();
    await screen.findByText('Nothing to review today.');
    expect(screen.getByRole('link', { name: 'Back to My Courses' })).toBeTruthy();
  });
});
