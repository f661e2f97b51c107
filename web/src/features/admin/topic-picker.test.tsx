import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTopicPicker } from './topic-picker.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function Picker() {
  return useTopicPicker('picked-topic').picker;
}

describe('the topic picker of the per-topic screens', () => {
  it('names each topic with its chapter, sub-subject, subject, class and board', async () => {
    const topic = {
      topic_id: 't1',
      topic_name: 'Linear Equations: Introduction',
      chapter_name: 'Linear Equations',
      sub_subject_name: 'Algebra',
      subject_name: 'Mathematics',
      class_name: 'Class 10',
      board_name: 'CBSE',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'ok', data: [topic], next_cursor: null })),
    );

    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Picker />
        </MemoryRouter>
      </QueryClientProvider>,
    );

    const select = screen.getByLabelText('Topic');
    expect(
      await within(select).findByRole('option', {
        name: 'Linear Equations: Introduction — Linear Equations · Algebra · Mathematics · Class 10 · CBSE',
      }),
    ).toBeTruthy();
  });
});
