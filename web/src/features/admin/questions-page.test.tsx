import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionsPage } from './questions-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const place = {
  topic_id: 't1',
  topic_name: 'Akbar',
  chapter_id: 'c1',
  chapter_name: 'Mughals',
  sub_subject_id: '',
  sub_subject_name: '',
  subject_id: 's1',
  subject_name: 'History',
  class_id: 'k1',
  class_name: 'Class 7',
  board_id: 'b1',
  board_name: 'Board',
};
const handoff = {
  qna_id: 'q-handoff',
  user_id: 'u1',
  user_name: 'Asha',
  topic_id: 't1',
  posted_date: '2026-11-23T10:00:00.000Z',
  questionanswers: [{ question: 'What did Akbar eat?', answers: [] }],
  place,
  handoff: true,
  draft: {
    text: 'The notes do not say.',
    citations: [
      { source: 'notes', page: 2, quote: 'ruled from 1556' },
      { source: 'video', start_seconds: 134, quote: 'the young emperor' },
    ],
  },
};
const plain = {
  ...handoff,
  qna_id: 'q-plain',
  questionanswers: [{ question: 'A plain question', answers: [] }],
  handoff: false,
  draft: undefined,
};

afterEach(() => vi.unstubAllGlobals());

describe('the question desk', () => {
  it('shows a hand-off tagged, with the AI draft and its citations, and publishes the corrected draft', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        if (String(path).includes('/answerqna')) {
          posted.push(JSON.parse(String(init?.body)));
          return json(200, { message: 'Answer added successfully.', data: {} });
        }
        if (String(path).includes('/getqna')) {
          return json(200, { message: 'Questions loaded successfully.', data: [handoff, plain] });
        }
        return json(404, { message: 'Not found.' });
      }),
    );
    render(
      <QueryClientProvider
        client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      >
        <MemoryRouter>
          <QuestionsPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const cards = await screen.findAllByRole('listitem', { name: '' });
    const first = (await screen.findByText('What did Akbar eat?')).closest(
      'li.card',
    ) as HTMLElement;
    expect(first).toBe(cards.find((c) => c.classList.contains('card')));
    expect(within(first).getByText('From the AI teacher')).toBeTruthy();
    expect(within(first).getByText('The notes do not say.', { selector: 'p' })).toBeTruthy();
    expect(first.textContent).toContain('Notes p. 2: “ruled from 1556”');
    expect(first.textContent).toContain('Video 02:14: “the young emperor”');
    const plainCard = screen.getByText('A plain question').closest('li.card') as HTMLElement;
    expect(within(plainCard).queryByText('From the AI teacher')).toBeNull();
    expect((within(plainCard).getByLabelText('Answer') as HTMLTextAreaElement).value).toBe('');

    const box = within(first).getByLabelText('Answer') as HTMLTextAreaElement;
    expect(box.value).toBe('The notes do not say.');
    fireEvent.change(box, {
      target: { value: 'The notes do not say; court records mention simple meals.' },
    });
    fireEvent.click(within(first).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          qna_id: 'q-handoff',
          answer: 'The notes do not say; court records mention simple meals.',
        },
      ]),
    );
  });
});
