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

/**
 * The Kannada-medium SSLC Science chapter's questions (issue 33), in Kannada, from its Kannada
 * notes (demo-printed-notes.ts): topic 0 is Photosynthesis (ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆ), topic 1 Respiration
 * (ಉಸಿರಾಟ). Graded as any other: the options' numbers, true or false, a number.
 */
const LIFE_PROCESSES: Record<number, DemoQuestion[]> = {
  0: [
    {
      type: 'single',
      text: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆಯಲ್ಲಿ ಬೆಳಕಿನ ಶಕ್ತಿಯನ್ನು ಹೀರಿಕೊಳ್ಳುವುದು ಯಾವುದು?',
      options: ['ಹೀಮೋಗ್ಲೋಬಿನ್', 'ಪತ್ರಹರಿತ್ತು', 'ಪಿಷ್ಟ', 'ಗ್ಲೈಕೋಜನ್'],
      answer: '2',
      explanation: 'ಪತ್ರಹರಿತ್ತು ಬೆಳಕಿನ ಶಕ್ತಿಯನ್ನು ಹೀರಿಕೊಳ್ಳುತ್ತದೆ. ಅದು ಹರಿತ್ತಿಲವಕಗಳಲ್ಲಿ ಇರುತ್ತದೆ.',
      source: { kind: 'notes', page: 2 },
    },
    {
      type: 'multiple',
      text: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆಗಾಗಿ ಸಸ್ಯವು ಹೊರಗಿನಿಂದ ಪಡೆಯುವ ಕಚ್ಚಾ ವಸ್ತುಗಳು ಯಾವುವು?',
      options: ['ಇಂಗಾಲದ ಡೈಆಕ್ಸೈಡ್', 'ಗ್ಲೂಕೋಸ್', 'ನೀರು', 'ಪಿಷ್ಟ'],
      answer: ['1', '3'],
      explanation:
        'ಸ್ವಪೋಷಕಗಳು ಹೊರಗಿನಿಂದ ಇಂಗಾಲದ ಡೈಆಕ್ಸೈಡ್ ಮತ್ತು ನೀರನ್ನು ಪಡೆದುಕೊಳ್ಳುತ್ತವೆ; ಗ್ಲೂಕೋಸ್ ಮತ್ತು ಪಿಷ್ಟವನ್ನು ಅವು ತಾವೇ ತಯಾರಿಸುತ್ತವೆ.',
      source: { kind: 'notes', page: 1 },
    },
    {
      type: 'true_false',
      text: 'ತಕ್ಷಣ ಬಳಕೆಯಾಗದ ಕಾರ್ಬೋಹೈಡ್ರೇಟುಗಳು ಸಸ್ಯದಲ್ಲಿ ಪಿಷ್ಟದ ರೂಪದಲ್ಲಿ ಸಂಗ್ರಹವಾಗುತ್ತವೆ.',
      answer: true,
      explanation: 'ಈ ಪಿಷ್ಟವು ಸಸ್ಯದ ಒಳಗಿನ ಮೀಸಲು ಶಕ್ತಿಯಾಗಿ ಕೆಲಸ ಮಾಡುತ್ತದೆ.',
      source: { kind: 'notes', page: 1 },
      difficulty: 'easy',
    },
    {
      type: 'numeric',
      text: 'ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆಯ ಸಮೀಕರಣದಲ್ಲಿ ಒಂದು ಗ್ಲೂಕೋಸ್ ಅಣುವಿಗೆ ಇಂಗಾಲದ ಡೈಆಕ್ಸೈಡಿನ ಎಷ್ಟು ಅಣುಗಳು ಬೇಕು?',
      answer: 6,
      tolerance: 0,
      explanation: '$6CO_2 + 12H_2O \\rightarrow C_6H_{12}O_6 + 6O_2 + 6H_2O$: ಆರು ಅಣುಗಳು.',
      source: { kind: 'notes', page: 1 },
    },
    {
      type: 'single',
      text: 'ಕಾವಲು ಕೋಶಗಳೊಳಗೆ ನೀರು ಹರಿದು ಬಂದು ಅವು ಉಬ್ಬಿದಾಗ ಏನಾಗುತ್ತದೆ?',
      options: ['ಪತ್ರರಂಧ್ರ ತೆರೆಯುತ್ತದೆ', 'ಪತ್ರರಂಧ್ರ ಮುಚ್ಚುತ್ತದೆ', 'ಎಲೆ ಉದುರುತ್ತದೆ'],
      answer: '1',
      explanation: 'ಕಾವಲು ಕೋಶಗಳು ಉಬ್ಬಿದಾಗ ಪತ್ರರಂಧ್ರ ತೆರೆಯುತ್ತದೆ; ಅವು ಕುಗ್ಗಿದಾಗ ಮುಚ್ಚುತ್ತದೆ.',
      source: { kind: 'notes', page: 3 },
    },
    {
      type: 'true_false',
      text: 'ಭೂಮಿಯ ಮೇಲಿನ ಸಸ್ಯಗಳು ದ್ಯುತಿಸಂಶ್ಲೇಷಣೆಗೆ ಬೇಕಾದ ನೀರನ್ನು ಎಲೆಗಳ ಮೂಲಕ ಗಾಳಿಯಿಂದ ಹೀರಿಕೊಳ್ಳುತ್ತವೆ.',
      answer: false,
      explanation: 'ಅವು ನೀರನ್ನು ಬೇರುಗಳ ಮೂಲಕ ಮಣ್ಣಿನಿಂದ ಹೀರಿಕೊಳ್ಳುತ್ತವೆ.',
      source: { kind: 'notes', page: 3 },
      difficulty: 'hard',
    },
  ],
  1: [
    {
      type: 'single',
      text: 'ಗ್ಲೂಕೋಸ್ ವಿಭಜನೆಯಾಗಿ ಪೈರುವೇಟ್ ಉಂಟಾಗುವ ಮೊದಲ ಹಂತವು ಕೋಶದ ಯಾವ ಭಾಗದಲ್ಲಿ ನಡೆಯುತ್ತದೆ?',
      options: ['ಕೋಶದ್ರವ್ಯ', 'ಮೈಟೋಕಾಂಡ್ರಿಯ', 'ಹರಿತ್ತಿಲವಕ'],
      answer: '1',
      explanation: 'ಗ್ಲೂಕೋಸ್ ಪೈರುವೇಟ್ ಆಗುವ ಹಂತವು ಕೋಶದ್ರವ್ಯದಲ್ಲಿ ನಡೆಯುತ್ತದೆ.',
      source: { kind: 'notes', page: 1 },
    },
    {
      type: 'numeric',
      text: 'ಪೈರುವೇಟಿನ ಒಂದು ಅಣುವಿನಲ್ಲಿ ಎಷ್ಟು ಇಂಗಾಲದ ಪರಮಾಣುಗಳಿವೆ?',
      answer: 3,
      tolerance: 0,
      explanation: 'ಆರು ಇಂಗಾಲದ ಪರಮಾಣುಗಳ ಗ್ಲೂಕೋಸ್ ಮೂರು ಇಂಗಾಲದ ಪರಮಾಣುಗಳಿರುವ ಪೈರುವೇಟ್ ಆಗಿ ವಿಭಜನೆಯಾಗುತ್ತದೆ.',
      source: { kind: 'notes', page: 1 },
    },
    {
      type: 'true_false',
      text: 'ಯೀಸ್ಟಿನಲ್ಲಿ ಹುದುಗುವಿಕೆಯ ಸಮಯದಲ್ಲಿ ಪೈರುವೇಟ್ ಎಥನಾಲ್ ಮತ್ತು ಇಂಗಾಲದ ಡೈಆಕ್ಸೈಡ್ ಆಗಿ ಪರಿವರ್ತನೆಯಾಗುತ್ತದೆ.',
      answer: true,
      explanation: 'ಇದು ಆಮ್ಲಜನಕವಿಲ್ಲದೆ ನಡೆಯುವ ಅವಾಯುವಿಕ ಉಸಿರಾಟ.',
      source: { kind: 'notes', page: 1 },
      difficulty: 'easy',
    },
    {
      type: 'single',
      text: 'ಹೆಚ್ಚು ಓಡಿದಾಗ ಸ್ನಾಯು ಸೆಳೆತ ಉಂಟಾಗಲು ಕಾರಣವೇನು?',
      options: ['ಎಥನಾಲ್ ಸಂಗ್ರಹ', 'ಲ್ಯಾಕ್ಟಿಕ್ ಆಮ್ಲದ ಸಂಗ್ರಹ', 'ಗ್ಲೈಕೋಜನ್ ಸಂಗ್ರಹ'],
      answer: '2',
      explanation:
        'ಆಮ್ಲಜನಕದ ಕೊರತೆಯಾದಾಗ ಸ್ನಾಯು ಕೋಶಗಳಲ್ಲಿ ಪೈರುವೇಟ್ ಲ್ಯಾಕ್ಟಿಕ್ ಆಮ್ಲವಾಗುತ್ತದೆ; ಅದು ಸಂಗ್ರಹವಾಗಿ ಸೆಳೆತ ಉಂಟಾಗುತ್ತದೆ.',
      source: { kind: 'notes', page: 2 },
    },
    {
      type: 'true_false',
      text: 'ಅವಾಯುವಿಕ ಉಸಿರಾಟದಲ್ಲಿ ವಾಯುವಿಕ ಉಸಿರಾಟಕ್ಕಿಂತ ಹೆಚ್ಚು ಶಕ್ತಿ ಬಿಡುಗಡೆಯಾಗುತ್ತದೆ.',
      answer: false,
      explanation: 'ವಾಯುವಿಕ ಉಸಿರಾಟದಲ್ಲಿಯೇ ಹೆಚ್ಚು ಶಕ್ತಿ ಬಿಡುಗಡೆಯಾಗುತ್ತದೆ.',
      source: { kind: 'notes', page: 2 },
    },
    {
      type: 'multiple',
      text: 'ಕೋಶಗಳು ಎಟಿಪಿಯ ಶಕ್ತಿಯನ್ನು ಯಾವ ಕೆಲಸಗಳಿಗೆ ಬಳಸುತ್ತವೆ?',
      options: [
        'ಸ್ನಾಯುಗಳ ಸಂಕೋಚನ',
        'ಪ್ರೋಟೀನುಗಳ ತಯಾರಿಕೆ',
        'ಬೆಳಕಿನ ಶಕ್ತಿಯನ್ನು ಹೀರಿಕೊಳ್ಳುವುದು',
        'ನರಗಳ ಮೂಲಕ ಸಂದೇಶಗಳ ಸಾಗಣೆ',
      ],
      answer: ['1', '2', '4'],
      explanation: 'ಬೆಳಕಿನ ಶಕ್ತಿಯನ್ನು ಹೀರಿಕೊಳ್ಳುವುದು ಪತ್ರಹರಿತ್ತಿನ ಕೆಲಸ, ಎಟಿಪಿಯದಲ್ಲ.',
      source: { kind: 'notes', page: 2 },
      difficulty: 'hard',
    },
    {
      type: 'single',
      text: 'ಶ್ವಾಸಕೋಶಗಳಲ್ಲಿ ಅನಿಲಗಳ ವಿನಿಮಯ ನಡೆಯುವ ಬಲೂನಿನಂತಹ ರಚನೆಗಳು ಯಾವುವು?',
      options: ['ವಾಯುಕೋಶಗಳು', 'ಪತ್ರರಂಧ್ರಗಳು', 'ಕಾವಲು ಕೋಶಗಳು'],
      answer: '1',
      explanation: 'ವಾಯುಕೋಶಗಳು ಅನಿಲಗಳ ವಿನಿಮಯಕ್ಕೆ ವಿಶಾಲವಾದ ಮೇಲ್ಮೈಯನ್ನು ಒದಗಿಸುತ್ತವೆ.',
      source: { kind: 'notes', page: 3 },
    },
  ],
};

const DEMO_PRACTICE: Record<string, Record<number, DemoQuestion[]>> = {
  'Life Processes': LIFE_PROCESSES,
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
