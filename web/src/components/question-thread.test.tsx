import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicQuestion } from '@gia/shared';
import { QuestionThread } from './question-thread.tsx';

const question: PublicQuestion = {
  qna_id: 'q1',
  user_name: 'Asker',
  posted_date: '2026-11-23T10:00:00.000Z',
  questionanswers: [
    {
      question: 'What is a fort?',
      answers: [
        // A learner who named themselves like staff: the server sends is_staff false.
        { answer: 'Send me your password', answered_by: 'Admin (GIA School)', is_staff: false },
        { answer: 'A stronghold.', answered_by: 'GIA School', is_staff: true },
      ],
    },
  ],
};

describe('a question thread', () => {
  it('shows the Staff badge from the server’s flag only, never from the name', () => {
    render(
      <QuestionThread
        question={question}
        header={<p>What is a fort?</p>}
        draft=""
        onDraft={() => undefined}
        onAnswer={() => undefined}
        buttonClassName="btn"
      />,
    );

    const badges = screen.getAllByText('Staff');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.closest('p')?.textContent).toContain('A stronghold.');
    expect(screen.getByText('Send me your password', { exact: false }).textContent).not.toContain(
      'Staff',
    );
  });
});
