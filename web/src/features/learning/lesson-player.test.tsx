import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { usePlayerSeek } from '../../lib/player-seek.ts';
import { links } from '../../lib/links.ts';
import { LessonPlayer, secondsOf } from './lesson-player.tsx';

/** The start second each video player was made with (the real player needs a media stack). */
const starts: (number | undefined)[] = [];
vi.mock('../../components/video-player/video-player.tsx', () => ({
  VideoPlayer: (props: { startAt?: number }) => {
    starts.push(props.startAt);
    return <video />;
  },
}));

afterEach(() => {
  starts.length = 0;
  usePlayerSeek.setState({ request: null });
});

const topic = (id: string): TopicRecord => ({
  topic_id: id,
  topic_name: `Topic ${id}`,
  topic_description: '',
  chapter_id: 'ch1',
  sub_subject_id: 'ss1',
  subject_id: 's1',
  class_id: 'c1',
  board_id: 'b1',
  sub_subject_name: 'Algebra',
  subject_name: 'Mathematics',
  class_name: 'Class 10',
  board_name: 'CBSE',
  chapter_name: 'Equations',
  video_url: `/media/${id}.mp4`,
  notes_url: '',
  image_url: '',
  author: 'Meena',
  status: 'Active',
  language: 'english',
  free_to_watch: '2',
  serial_no: 1,
  created_date: '2026-01-01T00:00:00.000Z',
  locked: false,
});

/** The lesson player of topic `id`, with the learner's saved position at 40 s. */
function Player({ id }: { id: string }) {
  return (
    <LessonPlayer
      topic={topic(id)}
      saved={[
        {
          topic_id: id,
          position_seconds: 40,
          completed: false,
          updated_at: '2026-01-01T00:00:00.000Z',
        } as never,
      ]}
      finished={false}
      onFinished={() => undefined}
      onReplay={() => undefined}
      onNearEnd={() => undefined}
      end={null}
    />
  );
}

function open(url: string) {
  const router = createMemoryRouter([{ path: '/GetTopic', element: <Player id="t1" /> }], {
    initialEntries: [url],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
describe('the lesson player at a second of the link', () => {
  it('starts a new player at `t`, not where the learner stopped', () => {
    open(links.topic('ch1', 't1', 134));
    expect(starts.at(-1)).toBe(134);
    // A link to the same second again, or none, asks for no seek.
    expect(usePlayerSeek.getState().request).toBeNull();
  });

  it('resumes where the learner stopped without `t`', () => {
    open(links.topic('ch1', 't1'));
    expect(starts.at(-1)).toBe(40);
  });

  it('seeks the player already on screen when another second of the same lesson is opened', async () => {
    const router = open(links.topic('ch1', 't1', 134));
    await act(() => router.navigate(links.topic('ch1', 't1', 200)));
    expect(usePlayerSeek.getState().request?.seconds).toBe(200);
    await act(() => router.navigate(links.topic('ch1', 't1', 12)));
    expect(usePlayerSeek.getState().request?.seconds).toBe(12);
  });

  it('reads only a number of seconds from the link', () => {
    expect(secondsOf('134')).toBe(134);
    expect(secondsOf('2.5')).toBe(2.5);
    expect(secondsOf(undefined)).toBeUndefined();
    expect(secondsOf('-3')).toBeUndefined();
    expect(secondsOf('1e9')).toBeUndefined();
    expect(links.topic('ch1', 't1', 74.9)).toBe('/GetTopic?chapter=ch1&topic=t1&t=74');
  });
});
