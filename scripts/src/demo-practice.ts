import { InsertPracticeQuestionInput } from '@gia/shared';
import { insertQuestion } from '@gia/functions/practice-admin/service.ts';

/**
 * The demo's practice questions (issue 17), by chapter name and topic (the index in the seed's
 * TOPICS), written from the chapter's notes (demo-notes.ts), each pointing at the page that
 * teaches it. The first topic of Linear Equations (the one with the generated lesson) has a
 * question pinned to its video, so a fresh `npm start` shows a topic quiz, a chapter test and a
 * question inside the video. Their maths is TeX between dollars (`$x^2$`), as the app renders it;
 * every question of the first Quadratic Equations topic holds some.
 */
type DemoQuestion = Omit<InsertPracticeQuestionInput, 'topic_id' | 'difficulty' | 'status'> & {
  difficulty?: InsertPracticeQuestionInput['difficulty'];
};

const DEMO_PRACTICE: Record<string, Record<number, DemoQuestion[]>> = {
  'Linear Equations': {
    0: [
      {
        type: 'single',
        text: 'Which of these is a linear equation in one variable?',
        options: ['$x^2 + 1 = 0$', '$2x + 3 = 7$', '$xy = 4$', '$x^3 = 8$'],
        answer: '2',
        explanation: 'Its highest power of $x$ is one: it has the form $ax + b = 0$.',
        source: { kind: 'notes', page: 1 },
      },
      {
        type: 'true_false',
        text: 'A linear equation in one variable has exactly one solution.',
        answer: true,
        explanation: 'The notes say so: exactly one value of x makes both sides equal.',
        source: { kind: 'notes', page: 1 },
        video_seconds: 20,
      },
      {
        type: 'numeric',
        text: 'Solve $3x - 5 = 10$. What is $x$?',
        answer: 5,
        tolerance: 0,
        explanation: 'Add 5 to both sides: $3x = 15$; divide by 3: $x = 5$.',
        source: { kind: 'notes', page: 2 },
      },
      {
        type: 'multiple',
        text: 'Which steps keep an equation balanced?',
        options: [
          'Adding the same number to both sides',
          'Multiplying only the left side by 2',
          'Dividing both sides by the same non-zero number',
          'Squaring only the right side',
        ],
        answer: ['1', '3'],
        explanation: 'Whatever you do to one side, do to the other side.',
        source: { kind: 'notes', page: 2 },
      },
      {
        type: 'true_false',
        text: 'Transposing a term moves it to the other side without changing its sign.',
        answer: false,
        explanation: 'A transposed term changes its sign.',
        source: { kind: 'notes', page: 2 },
        difficulty: 'easy',
      },
      {
        type: 'numeric',
        text: 'The sum of two consecutive numbers is 41. What is the smaller number?',
        answer: 20,
        tolerance: 0,
        explanation: '$x + (x + 1) = 41$, so $2x = 40$ and $x = 20$.',
        source: { kind: 'notes', page: 3 },
        difficulty: 'hard',
      },
    ],
    1: [
      {
        type: 'numeric',
        text: 'Solve $2x + 3 = 7$. What is $x$?',
        answer: 2,
        tolerance: 0,
        explanation: '$2x = 4$, so $x = 2$; check: $2(2) + 3 = 7$.',
        source: { kind: 'notes', page: 1 },
      },
      {
        type: 'single',
        text: 'What is the graph of a linear equation?',
        options: ['A circle', 'A parabola', 'A straight line'],
        answer: '3',
        explanation: 'The highest power of the variable is one, so the graph is a straight line.',
        source: { kind: 'notes', page: 1 },
      },
      {
        type: 'true_false',
        text: 'You should say what the variable stands for before writing the equation.',
        answer: true,
        explanation: 'Always state what the variable stands for.',
        source: { kind: 'notes', page: 3 },
      },
      {
        type: 'single',
        text: 'In $ax + b = 0$, what must be true of $a$?',
        options: ['$a = 0$', '$a \\neq 0$', '$a < 0$'],
        answer: '2',
        explanation: '$a$ and $b$ are real numbers and $a$ is not zero.',
        source: { kind: 'notes', page: 1 },
      },
      {
        type: 'numeric',
        text: 'Check by substitution: what is $3(5) - 5$?',
        answer: 10,
        tolerance: 0,
        explanation: '$15 - 5 = 10$, the right side of $3x - 5 = 10$.',
        source: { kind: 'notes', page: 2 },
        difficulty: 'easy',
      },
    ],
  },
  'Quadratic Equations': {
    0: [
      {
        type: 'numeric',
        text: 'At most how many roots does a quadratic equation $ax^2 + bx + c = 0$ have?',
        answer: 2,
        tolerance: 0,
        explanation: 'Its degree is two, so it has at most two roots.',
        source: { kind: 'notes', page: 1 },
      },
      {
        type: 'multiple',
        text: 'Which are roots of $x^2 - 5x + 6 = 0$?',
        options: ['1', '2', '3', '6'],
        answer: ['2', '3'],
        explanation: '$(x - 2)(x - 3) = 0$, so $x = 2$ or $x = 3$.',
        source: { kind: 'notes', page: 2 },
      },
      {
        type: 'single',
        text: 'What is $b^2 - 4ac$ called?',
        options: ['The root', 'The discriminant', 'The coefficient'],
        answer: '2',
        explanation: 'The number $b^2 - 4ac$ is called the discriminant.',
        source: { kind: 'notes', page: 3 },
      },
      {
        type: 'true_false',
        text: 'A negative discriminant ($b^2 - 4ac < 0$) means two equal real roots.',
        answer: false,
        explanation: '$b^2 - 4ac < 0$: no real roots; $b^2 - 4ac = 0$: two equal real roots.',
        source: { kind: 'notes', page: 3 },
      },
      {
        type: 'true_false',
        text: 'In $ax^2 + bx + c = 0$, $a$ may be zero.',
        answer: false,
        explanation: '$a \\neq 0$, or the equation would not be quadratic.',
        source: { kind: 'notes', page: 1 },
        difficulty: 'easy',
      },
    ],
  },
};

/**
 * Gives the demo topic its approved practice questions, if its chapter has any. A question is
 * pinned to the video only where the topic's video lasts past the pin (the 6 s sample does not).
 */
export async function seedDemoPractice(
  chapterName: string,
  topicIndex: number,
  topic: { topic_id: string; duration_seconds: number },
): Promise<void> {
  for (const { video_seconds, ...q } of DEMO_PRACTICE[chapterName]?.[topicIndex] ?? []) {
    const pinned = typeof video_seconds === 'number' && video_seconds < topic.duration_seconds;
    await insertQuestion(
      InsertPracticeQuestionInput.parse({
        ...q,
        ...(pinned ? { video_seconds } : {}),
        topic_id: topic.topic_id,
        status: 'approved',
      }),
    );
  }
}
