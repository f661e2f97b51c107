import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionBankPage } from './question-bank-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUESTION = {
  question_id: 't1_01JH8Z3Q4R5S6T7V8W9X0Y1Z2A',
  topic_id: 't1',
  position: 0,
  type: 'true_false',
  text: 'Akbar was a Mughal.',
  answer: true,
  explanation: 'He was.',
  difficulty: 'easy',
  status: 'draft',
  video_seconds: 20,
  created_at: '2026-11-24T00:00:00.000Z',
  updated_at: '2026-11-24T00:00:00.000Z',
};

/**
 * A server with one draft in topic t1's bank; the AI model configured or not (then the teacher
 * answers from the notes, `mode: notes`); records what is sent.
 */
function stubServer(ai: boolean) {
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const p = String(path);
      const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
      if (init?.method === 'POST') sent.push({ path: p, body });
      if (p.includes('/getQuestions?topic_id=t1')) {
        return json(200, { message: 'Questions loaded successfully.', data: [QUESTION] });
      }
      if (p.includes('/getAiStatus')) {
        return json(200, {
          message: 'ok',
          data: { available: true, mode: ai ? 'model' : 'notes' },
        });
      }
      if (p.includes('/importQuestions')) {
        return json(400, {
          message: 'Some rows have errors. Nothing was imported.',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'row 3', message: 'The answer must be true or false.' }],
        });
      }
      if (p.includes('/insertQuestions') || p.includes('/updateQuestions')) {
        return json(200, { message: 'Question saved.', data: QUESTION });
      }
      return json(200, { message: 'ok', data: [] });
    }),
  );
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/TopicQuestions?topic=t1']}>
        <QuestionBankPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the practice questions screen', () => {
  it('lists the bank with each question’s state, and approves a draft', async () => {
    const sent = stubServer(true);
    renderPage();

    expect(await screen.findByText('Akbar was a Mughal.')).toBeTruthy();
    expect(
      screen.getByText('1 question, 0 approved (learners get only approved questions).'),
    ).toBeTruthy();
    expect(screen.getByText(/asked in the video at 0:20/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve: Akbar was a Mughal.' }));

    await waitFor(() => expect(sent.at(-1)?.path).toContain('/updateQuestions'));
    expect(sent.at(-1)?.body).toEqual({ question_id: QUESTION.question_id, status: 'approved' });
  });

  it('writes a choice question with its right options ticked', async () => {
    const sent = stubServer(true);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a question' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'multiple' } });
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'Which were Mughals?' },
    });
    fireEvent.change(within(dialog).getByLabelText('Option 1'), { target: { value: 'Akbar' } });
    fireEvent.change(within(dialog).getByLabelText('Option 2'), { target: { value: 'Ashoka' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add an option' }));
    fireEvent.change(within(dialog).getByLabelText('Option 3'), { target: { value: 'Babur' } });
    fireEvent.click(within(dialog).getByLabelText('Option 1 is right'));
    fireEvent.click(within(dialog).getByLabelText('Option 3 is right'));
    fireEvent.change(within(dialog).getByLabelText('Explanation (shown after the answer)'), {
      target: { value: 'Akbar and Babur were.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.at(-1)?.path).toContain('/insertQuestions'));
    expect(sent.at(-1)?.body).toMatchObject({
      topic_id: 't1',
      type: 'multiple',
      text: 'Which were Mughals?',
      options: ['Akbar', 'Ashoka', 'Babur'],
      answer: ['1', '3'],
      explanation: 'Akbar and Babur were.',
      status: 'draft',
      source: null,
      video_seconds: null,
      image_url: null,
    });
  });

  it('opens a true-or-false question with its answer and saves it as the type’s editor holds it', async () => {
    const sent = stubServer(true);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Akbar was a Mughal.' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the question' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('True').checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('False'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.at(-1)?.path).toContain('/updateQuestions'));
    expect(sent.at(-1)?.body).toMatchObject({
      question_id: QUESTION.question_id,
      type: 'true_false',
      options: [],
      answer: false,
      video_seconds: 20,
    });
  });

  it('writes a number question with its allowed difference', async () => {
    const sent = stubServer(true);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add a question' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a question' });
    fireEvent.change(within(dialog).getByLabelText('Type'), { target: { value: 'numeric' } });
    fireEvent.change(within(dialog).getByLabelText('Question'), {
      target: { value: 'g on Earth?' },
    });
    fireEvent.change(within(dialog).getByLabelText('The right answer'), {
      target: { value: '9.8' },
    });
    fireEvent.change(within(dialog).getByLabelText('Allowed difference'), {
      target: { value: '0.1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent.at(-1)?.path).toContain('/insertQuestions'));
    expect(sent.at(-1)?.body).toMatchObject({
      type: 'numeric',
      options: [],
      answer: 9.8,
      tolerance: 0.1,
    });
  });

  it('lists a refused CSV’s rows, and says why AI drafts are off without a key', async () => {
    stubServer(false);
    renderPage();
    const file = new File(['type,text\ntrue_false,Q'], 'q.csv', { type: 'text/csv' });
    fireEvent.change(await screen.findByLabelText('Import a CSV'), { target: { files: [file] } });

    const report = await screen.findByRole('alert');
    expect(within(report).getByText('Row 3: The answer must be true or false.')).toBeTruthy();
    expect(
      screen.getByText('Drafting needs the AI teacher, which is not configured (no OpenAI key).'),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Draft questions from the notes' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });
});
