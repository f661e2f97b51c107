import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, it } from 'vitest';
import type { TopicRecord } from '@gia/shared/catalogue-records.ts';
import { Curriculum } from './curriculum.tsx';

const topic = (n: number, extra: Record<string, unknown>) =>
  ({ topic_id: `t${n}`, chapter_id: 'ch', topic_name: `Lesson ${n}`, ...extra }) as TopicRecord;

it("shows each lesson's length and the chapter's total", () => {
  render(
    <MemoryRouter>
      <Curriculum
        chapterName="Algebra"
        currentId="t1"
        watched={new Set()}
        topics={[
          topic(1, { video_duration_seconds: 125, duration_seconds: 100 }),
          topic(2, { duration_seconds: 3600 }),
          topic(3, {}),
        ]}
      />
    </MemoryRouter>,
  );
  expect(screen.getByRole('link', { name: /Lesson 1, length\s*2:05/ })).toBeTruthy();
  expect(screen.getByRole('link', { name: /Lesson 2, length\s*1:00:00/ })).toBeTruthy();
  expect(screen.getByText('3 lessons · 1 h 2 min')).toBeTruthy();
});
