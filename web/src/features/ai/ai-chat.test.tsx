import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AiChat, TopicAiTeacher } from './ai-chat.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A server whose AI teacher is (or is not) configured, answering every question the same. */
function stubServer(available: boolean) {
  const asked: string[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const p = String(path);
    if (p.includes('/getAiStatus')) return json(200, { message: 'AI', data: { available } });
    if (p.includes('/getAiConversation')) return json(200, { message: 'Conversation', data: [] });
    if (p.includes('/getAiResponse')) {
      asked.push((JSON.parse(String(init?.body)) as { messages: string }).messages);
      return json(200, { message: 'AI reply', data: { reply: 'It is **this**.', refused: false } });
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

describe('the AI teacher of a lesson', () => {
  it('has a title naming the topic, a line on its scope, three suggestions and a labelled box', async () => {
    const asked = stubServer(true);
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

  it('says the teacher is not available, and offers no box, when it is not configured', async () => {
    const asked = stubServer(false);
    renderWith(<AiChat />);
    await screen.findByText('The AI teacher is not available right now.');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
    expect(asked).toEqual([]);
  });
});
