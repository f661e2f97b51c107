import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlayerSeek } from '../../lib/player-seek.ts';
import { chooseLanguage, t } from '../../lib/i18n.ts';
import { AiChat, TopicAiTeacher } from './ai-chat.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose AI teacher answers with the model (or from the notes), the same every time. */
function stubServer(mode: 'model' | 'notes') {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const p = String(path);
    if (p.includes('/getAiStatus')) {
      return json(200, { message: 'AI', data: { available: true, mode } });
    }
    if (p.includes('/getAiConversation')) return json(200, { message: 'Conversation', data: [] });
    if (p.includes('/getAiResponse')) {
      asked.push((JSON.parse(String(init?.body)) as { messages: string }).messages);
      return json(200, {
        message: 'AI reply',
        data: { reply: 'It is **this**.', refused: false, covered: true, citations: [], mode },
      });
    }
    return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

const renderWith = (ui: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

const ask = async (question: string, button = 'Show the answer') => {
  fireEvent.change(await screen.findByLabelText('Your question'), {
    target: { value: question },
  });
  fireEvent.click(screen.getByRole('button', { name: button }));
};

describe('the AI teacher of a lesson', () => {
  it('has a title naming the topic, a line on its scope, three suggestions and a labelled box', async () => {
    const asked = stubServer('model');
    renderWith(<TopicAiTeacher topicId="t1" topicName="Linear Equations" />);

    expect(
      screen.getByRole('heading', { name: 'Ask the AI teacher about Linear Equations' }),
    ).toBeTruthy();
    expect(screen.getByText('It answers questions about this class and topic only.')).toBeTruthy();
    const box = await screen.findByLabelText('Your question');
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.getAttribute('maxlength')).toBe('2000');
    const suggestions = screen
      .getAllByRole('button')
      .filter((b) => b.textContent?.includes('Linear Equations'));
    expect(suggestions.map((b) => b.textContent)).toEqual([
      'Explain Linear Equations in simple words.',
      'Give me an example of Linear Equations.',
      'What should I remember about Linear Equations?',
    ]);

    fireEvent.click(suggestions[1]!);
    await screen.findByText('this');
    expect(asked).toEqual(['Give me an example of Linear Equations.']);
    // Once the conversation has begun, the suggestions step aside.
    await waitFor(() => expect(screen.queryByText('Try asking')).toBeNull());
  });

  it('is offered without the AI model, with a neutral notice that answers quote the notes', async () => {
    const asked = stubServer('notes');
    renderWith(<AiChat topicId="t1" />);
    const notice = await screen.findByText(t('ai.notesModeNotice'));
    expect(notice.className).toBe('ai-notice');
    await ask('What is a linear equation?');
    await screen.findByText('this', { exact: false });
    expect(asked).toEqual(['What is a linear equation?']);
  });
});

/** A configured teacher that answers with `reply`, recording every request it receives. */
function groundedServer(reply: Record<string, unknown>) {
  const bodies: Record<string, unknown>[] = [];
  const handoffs: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const p = String(path);
      if (p.includes('/getAiStatus')) {
        return json(200, { message: 'AI', data: { available: true, mode: 'model' } });
      }
      if (p.includes('/getAiConversation')) return json(200, { message: 'Conversation', data: [] });
      if (p.includes('/getAiResponse')) {
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(200, { message: 'AI reply', data: reply });
      }
      if (p.includes('/askTeacher')) {
        handoffs.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return json(201, { message: 'Sent to your teachers.', data: { qna_id: 'q1' } });
      }
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
  return { bodies, handoffs };
}

describe('grounded answers in the chat', () => {
  it("shows citations as chips: the notes page opens in the app's notes viewer at that page in a new tab, the video seeks the player", async () => {
    groundedServer({
      reply: 'Akbar ruled from 1556.',
      refused: false,
      covered: true,
      citations: [
        {
          source: 'notes',
          page: 3,
          quote: 'ruled from 1556',
          url: 'https://s3.test/n.pdf?sig=1#page=3',
        },
        { source: 'video', start_seconds: 134, quote: 'the young emperor' },
        { source: 'description', quote: 'Akbar’s reign' },
      ],
    });
    const seeks: number[] = [];
    const stop = usePlayerSeek.subscribe((s) => s.request && seeks.push(s.request.seconds));
    renderWith(<AiChat topicId="t1" />);
    await ask('When did Akbar rule?');

    const notes = await screen.findByRole('link', { name: /Notes p\. 3/ });
    expect(notes.getAttribute('href')).toBe('/Notes?topic=t1&page=3');
    expect(notes.getAttribute('target')).toBe('_blank');
    expect(notes.getAttribute('rel')).toContain('noopener');

    fireEvent.click(screen.getByRole('button', { name: /Video 02:14/ }));
    expect(seeks).toEqual([134]);
    stop();

    expect(screen.getByText('Description')).toBeTruthy();
    // Each chip's quote is a disclosure a keyboard or a tap opens.
    const quote = screen.getByText('from Notes p. 3', { exact: false }).closest('summary')!;
    const details = quote.closest('details')!;
    expect(details.textContent).toContain('ruled from 1556');
    expect(details.open).toBe(false);
    fireEvent.click(quote);
    expect(details.open).toBe(true);
    // A covered answer offers no hand-off.
    expect(screen.queryByRole('button', { name: 'Ask a teacher' })).toBeNull();
  });

  it('sends mode "hint" from "Give me a hint", and "answer" from "Show the answer"', async () => {
    const { bodies } = groundedServer({
      reply: 'What do you know about 1556?',
      refused: false,
      covered: true,
      citations: [],
    });
    renderWith(<AiChat topicId="t1" />);
    await ask('When did Akbar rule?', 'Give me a hint');
    await screen.findByText('Asked for a hint');
    await ask('When did Akbar rule?');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies.map((b) => b.mode)).toEqual(['hint', 'answer']);
    expect(bodies[0]).toMatchObject({ messages: 'When did Akbar rule?', topic_id: 't1' });
  });

  it('offers "Ask a teacher" on an uncovered answer, posts the question and confirms', async () => {
    const { handoffs } = groundedServer({
      reply: 'The notes of this lesson do not cover that.',
      refused: false,
      covered: false,
      citations: [],
    });
    renderWith(<AiChat topicId="t1" />);
    await ask('What did Akbar eat?');

    fireEvent.click(await screen.findByRole('button', { name: 'Ask a teacher' }));
    await screen.findByText("Sent to your teachers — you'll see the answer under Questions.");
    expect(handoffs).toEqual([{ topic_id: 't1', question: 'What did Akbar eat?' }]);
  });
});

describe('notes mode in the chat', () => {
  it("shows a notes answer as the notes' own words: a plain notice, the quotes, their pages", async () => {
    groundedServer({
      reply:
        'From your notes:\n\n\u201cThe discriminant is D = b^2 - 4ac, written *D*.\u201d\n\n\u201cWhen D is negative there are no real roots.\u201d',
      refused: false,
      covered: true,
      mode: 'notes',
      citations: [
        {
          source: 'notes',
          page: 3,
          quote: 'The discriminant is D = b^2 - 4ac, written *D*.',
          url: 'https://s3.test/n.pdf?sig=1#page=3',
        },
        { source: 'notes', page: 4, quote: 'When D is negative there are no real roots.' },
      ],
    });
    renderWith(<AiChat topicId="t1" />);
    await ask('What is the discriminant?');

    const notice = await screen.findByText(t('ai.notesOwnWords'));
    expect(notice.className).toBe('ai-notice');
    const turn = notice.closest('.ai-turn')!;
    expect(turn.className).toContain('is-notes');
    // The quotes are block quotes of the words as written: no Markdown (the asterisks stay).
    const quotes = [...turn.querySelectorAll('.ai-notes-reply blockquote')].map(
      (q) => q.textContent,
    );
    expect(quotes).toEqual([
      'The discriminant is D = b^2 - 4ac, written *D*.',
      'When D is negative there are no real roots.',
    ]);
    expect(turn.querySelector('.ai-notes-reply p')?.textContent).toBe('From your notes:');
    expect(turn.querySelector('em')).toBeNull();
    // The page opens in the app's notes viewer.
    expect(screen.getByRole('link', { name: /Notes p\. 3/ }).getAttribute('href')).toBe(
      '/Notes?topic=t1&page=3',
    );
    expect(screen.getByText('Notes p. 4')).toBeTruthy();
    // The quotes are the answer itself: no second copy under each chip.
    expect(turn.querySelector('details')).toBeNull();
    expect(screen.queryByText(t('ai.notesOnly'))).toBeNull();
  });

  it('says only the notes can answer when they do not cover it, and offers "Ask a teacher"', async () => {
    groundedServer({
      reply: "Your notes for this topic don't cover this question. You can ask a teacher instead.",
      refused: false,
      covered: false,
      mode: 'notes',
      citations: [],
    });
    renderWith(<AiChat topicId="t1" />);
    await ask('Who invented it?');
    expect((await screen.findByText(t('ai.notesOnly'))).className).toBe('ai-notice');
    expect(screen.queryByText(t('ai.notesOwnWords'))).toBeNull();
    expect(await screen.findByRole('button', { name: 'Ask a teacher' })).toBeTruthy();
  });

  it('shows a kept notes turn the same way when the learner returns', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        const p = String(path);
        if (p.includes('/getAiStatus')) {
          return json(200, { message: 'AI', data: { available: true, mode: 'model' } });
        }
        if (p.includes('/getAiConversation')) {
          return json(200, {
            message: 'Conversation',
            data: [
              { role: 'learner', content: 'What is pH?' },
              {
                role: 'teacher',
                content: 'From your notes:\n\n\u201cpH 7 is neutral.\u201d',
                mode: 'notes',
                covered: true,
                citations: [{ source: 'notes', page: 2, quote: 'pH 7 is neutral.' }],
              },
              { role: 'learner', content: 'And 8?' },
              { role: 'teacher', content: 'It is **basic**.', mode: 'model', covered: true },
            ],
          });
        }
        return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
      }),
    );
    renderWith(<AiChat topicId="t1" />);
    const notice = await screen.findByText(t('ai.notesOwnWords'));
    expect(notice.closest('.ai-turn')?.querySelector('blockquote')?.textContent).toBe(
      'pH 7 is neutral.',
    );
    // The model's turn is Markdown, with no notice.
    expect((await screen.findByText('basic')).tagName).toBe('STRONG');
    expect(screen.getAllByText(t('ai.notesOwnWords'))).toHaveLength(1);
    expect(screen.queryByText(t('ai.notesModeNotice'))).toBeNull();
  });
});

describe('the AI teacher in Kannada (issue 33)', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('sends the interface language with each question', async () => {
    const { bodies } = groundedServer({ reply: 'It is this.', refused: false, covered: true });
    renderWith(<AiChat topicId="t1" />);
    await ask('When did Akbar rule?');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ language: 'en' });

    await chooseLanguage('kn');
    fireEvent.change(await screen.findByLabelText('ನಿಮ್ಮ ಪ್ರಶ್ನೆ'), {
      target: { value: 'ಅಕ್ಬರ್ ಯಾವಾಗ ಆಳಿದನು?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'ಸುಳಿವು ಕೊಡಿ' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toMatchObject({
      messages: 'ಅಕ್ಬರ್ ಯಾವಾಗ ಆಳಿದನು?',
      topic_id: 't1',
      mode: 'hint',
      language: 'kn',
    });
    expect(await screen.findByText('ಸುಳಿವು ಕೇಳಿದ್ದೀರಿ')).toBeTruthy();
  });

  it('speaks Kannada: its title, suggestions, buttons and the citation chips', async () => {
    await chooseLanguage('kn');
    groundedServer({
      reply: 'ಅಕ್ಬರ್ 1556 ರಿಂದ ಆಳಿದನು.',
      refused: false,
      covered: true,
      citations: [
        { source: 'notes', page: 3, quote: '1556 ರಿಂದ', url: 'https://s3.test/n.pdf?sig=1#page=3' },
        { source: 'video', start_seconds: 134, quote: 'ಯುವ ಚಕ್ರವರ್ತಿ' },
      ],
    });
    renderWith(<TopicAiTeacher topicId="t1" topicName="ಮೊಘಲ್ ಸಾಮ್ರಾಜ್ಯ" />);
    expect(screen.getByRole('heading', { name: 'ಮೊಘಲ್ ಸಾಮ್ರಾಜ್ಯ ಬಗ್ಗೆ AI ಶಿಕ್ಷಕರನ್ನು ಕೇಳಿ' })).toBeTruthy();
    expect(await screen.findByText('ಹೀಗೆ ಕೇಳಿ ನೋಡಿ')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ಮೊಘಲ್ ಸಾಮ್ರಾಜ್ಯ: ಸರಳ ಪದಗಳಲ್ಲಿ ವಿವರಿಸಿ.' }));
    expect(await screen.findByRole('list', { name: 'ಈ ಉತ್ತರದ ಮೂಲಗಳು' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^ನೋಟ್ಸ್ ಪು\. 3/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^ವೀಡಿಯೊ 02:14/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ಉತ್ತರ ತೋರಿಸಿ' })).toBeTruthy();
  });
});
