import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
        {
          answer: 'A stronghold.',
          answered_by: 'GIA School',
          is_staff: true,
          verified_by_teacher: true,
        },
      ],
    },
  ],
};

describe('a question thread', () => {
  it('sets a staff answer apart from the server’s flag only, never from the name', () => {
    render(<QuestionThread question={question} header={<p>What is a fort?</p>} />);

    const staff = screen.getAllByText('Answer from GIA School');
    expect(staff).toHaveLength(1);
    expect(staff[0]!.closest('li')?.className).toContain('answer-staff');
    expect(staff[0]!.closest('li')?.textContent).toContain('A stronghold.');
    const impostor = screen.getByText('Send me your password', { exact: false }).closest('li');
    expect(impostor?.className).not.toContain('answer-staff');
    expect(impostor?.textContent).not.toContain('Answer from');
  });

  it('offers no answer box to a learner, and a labelled multi-line one where answering is allowed', () => {
    const { unmount } = render(
      <QuestionThread question={question} header={<p>What is a fort?</p>} />,
    );
    expect(screen.queryByRole('button', { name: 'Answer' })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    unmount();

    const onAnswer = vi.fn();
    render(
      <QuestionThread
        question={question}
        header={<p>What is a fort?</p>}
        draft="A castle"
        onDraft={() => undefined}
        onAnswer={onAnswer}
      />,
    );
    const box = screen.getByLabelText('Answer');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('maxlength')).toBe('2000');
    fireEvent.click(screen.getByRole('button', { name: 'Answer' }));
    expect(onAnswer).toHaveBeenCalledOnce();
  });

  it('marks an answer a teacher published "Verified by a teacher", and no other', () => {
    render(<QuestionThread question={question} header={<p>What is a fort?</p>} />);
    const badges = screen.getAllByText('Verified by a teacher');
    expect(badges).toHaveLength(1);
    expect(badges[0]!.closest('li')?.textContent).toContain('A stronghold.');
  });
});
