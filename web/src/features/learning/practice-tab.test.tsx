import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MASTERY_PERCENT } from '@gia/shared/practice.ts';
import { onlineManager } from '@tanstack/react-query';
import { flush } from '../../lib/outbox.ts';
import { usePlayerSeek } from '../../lib/player-seek.ts';
import { hasPracticePack, savePracticePack } from '../../lib/practice-offline.ts';
import { chooseLanguage, t } from '../../lib/i18n.ts';
import {
  forgetTopicAncestors,
  rememberChapterTopics,
  rememberTopicAncestors,
} from '../../lib/topic-hints.ts';
import { PracticeTab } from './practice-tab.tsx';

/** The shape of a device-made id (issue 32). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const QUIZ = {
  attempt_id: 't2-T1-0123456789abcdef0123456789abcdef',
  scope: 'topic',
  questions: [
    {
      question_id: 'T1_A',
      topic_id: 'T1',
      type: 'single',
      text: 'Who built the Buland Darwaza?',
      options: [
        { option_id: '1', text: 'Babur' },
        { option_id: '2', text: 'Akbar' },
      ],
    },
    { question_id: 'T1_B', topic_id: 'T1', type: 'numeric', text: 'Year Akbar became emperor?' },
  ],
};

/** A server that hands out QUIZ and grades: the first answer wrong, the second right and last. */
function stubServer(quizStatus = 200) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const p = String(path);
      if (p.includes('/getQuiz?')) {
        return quizStatus === 200
          ? json(200, { message: 'Quiz loaded.', data: QUIZ })
          : json(quizStatus, { message: "You haven't bought the course !!", code: 'FORBIDDEN' });
      }
      if (p.includes('/answerQuiz')) {
        const body = JSON.parse(String(init?.body)) as { question_id: string };
        sent.push(body);
        return body.question_id === 'T1_A'
          ? json(200, {
              message: 'Answer checked.',
              data: {
                correct: false,
                explanation: 'Akbar built it at Fatehpur Sikri.',
                correct_answer: '2',
                source: { kind: 'video', seconds: 42 },
              },
            })
          : json(200, {
              message: 'Answer checked.',
              data: {
                correct: true,
                explanation: 'In 1556.',
                correct_answer: 1556,
                source: { kind: 'notes', page: 2 },
                score: { correct: 1, total: 2, percent: 50 },
              },
            });
      }
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

function renderTab() {
  return render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter>
        <PracticeTab
          topicId="T1"
          chapterId="C1"
          subjectId="S1"
          notesOf={(id) => (id === 'T1' ? '/media/n.pdf?sig=x' : undefined)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

/** The topic's practice pack as getOfflineQuiz hands it out: QUIZ with what grading needs. */
const PACK = {
  attempt_id: QUIZ.attempt_id,
  scope: 'topic',
  topic_id: 'T1',
  questions: [
    {
      ...QUIZ.questions[0],
      answer: '2',
      explanation: 'Akbar built it at Fatehpur Sikri.',
      source: { kind: 'video', seconds: 42 },
    },
    { ...QUIZ.questions[1], answer: 1556, explanation: 'In 1556.' },
  ],
};

/** A server that hands out PACK and records each answer sent (none may arrive offline). */
function stubPackServer() {
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (String(path).includes('/getOfflineQuiz?')) {
        return json(200, { message: 'Practice saved for offline.', data: PACK });
      }
      if (String(path).includes('/answerQuiz')) {
        sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(200, { message: 'Answer checked.', data: { correct: true } });
      }
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

describe('the Practice tab offline (issue 32)', () => {
  it('grades the saved practice on the device, shows “Will sync”, and sends each answer once back online', async () => {
    const sent = stubPackServer();
    expect(await savePracticePack('T1')).toBeGreaterThan(100);
    expect(await hasPracticePack('T1')).toBe(true);
    onlineManager.setOnline(false);
    renderTab();

    fireEvent.click(await screen.findByRole('button', { name: 'Take the lesson quiz' }));
    const first = await screen.findByRole('group', { name: 'Who built the Buland Darwaza?' });
    fireEvent.click(within(first).getByRole('radio', { name: 'Babur' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));

    expect(await screen.findByText('Not quite.')).toBeTruthy();
    expect(screen.getByText('Akbar built it at Fatehpur Sikri.')).toBeTruthy();
    expect(await screen.findByText('Will sync')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    fireEvent.change(await screen.findByLabelText('Your answer (a number)'), {
      target: { value: '1556' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'See your score' }));
    expect(await screen.findByText('You scored 1 of 2 (50%).')).toBeTruthy();
    expect(sent).toEqual([]);

    onlineManager.setOnline(true);
    await flush();

    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      {
        attempt_id: PACK.attempt_id,
        question_id: 'T1_A',
        answer: '1',
        client_id: expect.stringMatching(UUID),
      },
      {
        attempt_id: PACK.attempt_id,
        question_id: 'T1_B',
        answer: 1556,
        client_id: expect.stringMatching(UUID),
      },
    ]);
  });

  it('says practice needs a connection when nothing is saved, and that the chapter test always does', async () => {
    stubPackServer();
    onlineManager.setOnline(false);
    renderTab();

    expect(await screen.findByText(t('practice.needsConnection'))).toBeTruthy();
    expect(screen.getByText(t('practice.chapterTestNeedsConnection'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take the chapter test' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Take the lesson quiz' })).toBeNull();
  });
});

describe('the Practice tab', () => {
  it('asks one question at a time, shows the server’s verdict with the source, then the score', async () => {
    const sent = stubServer();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Take the lesson quiz' }));

    const first = await screen.findByRole('group', { name: 'Who built the Buland Darwaza?' });
    expect(screen.getByText('Lesson quiz · question 1 of 2')).toBeTruthy();
    const check = screen.getByRole('button', { name: 'Check answer' }) as HTMLButtonElement;
    expect(check.disabled).toBe(true);
    fireEvent.click(within(first).getByRole('radio', { name: 'Babur' }));
    fireEvent.click(check);

    expect(await screen.findByText('Not quite.')).toBeTruthy();
    expect(screen.getByText('Akbar', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Akbar built it at Fatehpur Sikri.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch it in the video at 0:42' }));
    expect(usePlayerSeek.getState().request?.seconds).toBe(42);
    expect(sent[0]).toEqual({
      attempt_id: QUIZ.attempt_id,
      question_id: 'T1_A',
      answer: '1',
      client_id: expect.stringMatching(UUID),
    });

    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    fireEvent.change(await screen.findByLabelText('Your answer (a number)'), {
      target: { value: '1556' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Check answer' }));
    expect(await screen.findByText('Correct!')).toBeTruthy();
    expect(sent[1]).toMatchObject({ question_id: 'T1_B', answer: 1556 });
    expect(
      screen.getByRole('link', { name: 'Read it in the notes, page 2' }).getAttribute('href'),
    ).toBe('/Notes?topic=T1&page=2');

    fireEvent.click(screen.getByRole('button', { name: 'See your score' }));
    expect(await screen.findByText('You scored 1 of 2 (50%).')).toBeTruthy();
    expect(screen.getByText('Score 80% or more to master this topic.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('sends a chapter test the chapter’s topics and their ancestors the lesson read gave, and nothing it does not know', async () => {
    stubServer();
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Take the chapter test' }));
    await screen.findByRole('group', { name: 'Who built the Buland Darwaza?' });
    const asked = () => {
      const calls = vi.mocked(fetch).mock.calls.filter(([p]) => String(p).includes('/getQuiz?'));
      return Object.fromEntries(new URLSearchParams(String(calls.at(-1)![0]).split('?')[1]));
    };
    // No lesson of the chapter was read here: the chapter alone.
    expect(asked()).toEqual({ chapter_id: 'C1' });
    cleanup();

    rememberTopicAncestors(['T1', 'T2'], { subject_id: 'S1', class_id: 'K1', board_id: 'B1' });
    rememberChapterTopics('C1', ['T1', 'T2']);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Take the chapter test' }));
    await screen.findByRole('group', { name: 'Who built the Buland Darwaza?' });
    expect(asked()).toEqual({
      chapter_id: 'C1',
      subject_id: 'S1',
      class_id: 'K1',
      board_id: 'B1',
      topic_ids: 'T1,T2',
    });
    forgetTopicAncestors();
  });

  it('says why a locked topic has no quiz, with the way to the course', async () => {
    stubServer(403);
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: 'Take the chapter test' }));

    expect(await screen.findByText(/You haven't bought the course/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the course' })).toBeTruthy();
  });
});

describe('the Practice tab in Kannada (issue 33)', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('asks, checks and scores in Kannada, the missed questions named by their number', async () => {
    await chooseLanguage('kn');
    stubServer();
    renderTab();
    expect(screen.getByRole('heading', { name: 'ಅಭ್ಯಾಸ' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ಪಾಠದ ಕ್ವಿಜ್ ಮಾಡಿ' }));

    const first = await screen.findByRole('group', { name: 'Who built the Buland Darwaza?' });
    expect(screen.getByText('ಪಾಠದ ಕ್ವಿಜ್ · 2 ರಲ್ಲಿ 1ನೇ ಪ್ರಶ್ನೆ')).toBeTruthy();
    fireEvent.click(within(first).getByRole('radio', { name: 'Babur' }));
    fireEvent.click(screen.getByRole('button', { name: 'ಉತ್ತರ ಪರಿಶೀಲಿಸಿ' }));
    expect(await screen.findByText('ಸರಿಯಲ್ಲ.')).toBeTruthy();
    expect(screen.getByText('ಸರಿಯಾದ ಉತ್ತರ', { selector: '.practice-mark' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ವೀಡಿಯೊದಲ್ಲಿ 0:42 ರಿಂದ ನೋಡಿ' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'ಮುಂದಿನ ಪ್ರಶ್ನೆ' }));
    fireEvent.change(await screen.findByLabelText('ನಿಮ್ಮ ಉತ್ತರ (ಒಂದು ಸಂಖ್ಯೆ)'), {
      target: { value: '1556' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'ಉತ್ತರ ಪರಿಶೀಲಿಸಿ' }));
    expect(await screen.findByText('ಸರಿ!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ನೋಟ್ಸ್‌ನ ಪುಟ 2 ರಲ್ಲಿ ಓದಿ' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'ನಿಮ್ಮ ಅಂಕ ನೋಡಿ' }));
    expect(await screen.findByText('ನೀವು 2 ರಲ್ಲಿ 1 ಅಂಕ ಗಳಿಸಿದ್ದೀರಿ (50%).')).toBeTruthy();
    expect(
      screen.getByText(`ಈ ಪಾಠವನ್ನು ಪೂರ್ತಿ ಕಲಿತಂತಾಗಲು ${MASTERY_PERCENT}% ಅಥವಾ ಅದಕ್ಕಿಂತ ಹೆಚ್ಚು ಅಂಕ ಗಳಿಸಿ.`),
    ).toBeTruthy();
    // One question missed: the singular.
    expect(screen.getByRole('heading', { name: 'ನೀವು ತಪ್ಪಿದ ಪ್ರಶ್ನೆ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ಅಧ್ಯಾಯದ ಪರೀಕ್ಷೆ ಬರೆಯಿರಿ' })).toBeTruthy();
  });

  it('says in Kannada, offline, that practice needs a connection', async () => {
    await chooseLanguage('kn');
    stubPackServer();
    onlineManager.setOnline(false);
    renderTab();
    expect(await screen.findByText(/^ಅಭ್ಯಾಸಕ್ಕೆ ಇಂಟರ್ನೆಟ್ ಬೇಕು/)).toBeTruthy();
    expect(screen.getByText('ಅಧ್ಯಾಯದ ಪರೀಕ್ಷೆಗೆ ಇಂಟರ್ನೆಟ್ ಬೇಕು.')).toBeTruthy();
  });
});
