import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { CATALOGUE_INPUTS, type CatalogueEntity } from '@gia/shared';
import { insertEntity } from '@gia/functions/catalogue-admin/service.ts';
import { listAll } from '@gia/functions/db/catalogue.ts';
import { s3 } from '@gia/functions/lib/s3.ts';
import { env } from '@gia/functions/lib/env.ts';
import { mediaUrl } from '@gia/functions/lib/media.ts';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SAMPLE_LESSON_SECONDS, demoLessonArgs, demoLessonSeconds } from './demo-assets.ts';
import { hasFfmpeg } from './local-transcoder.ts';
import { demoArtwork as art } from './demo-artwork.ts';
import { demoLessonText, demoWebVtt, seedDemoCaptions } from './demo-captions.ts';
import { DEMO_NOTES, seedDemoNotes } from './demo-notes.ts';
import { KANNADA_TOPIC_NOTES } from './demo-printed-notes.ts';
import { chapterDescription, demoTranslations, demoWords } from './demo-translations.ts';
import { seedDemoPractice } from './demo-practice.ts';
import { seedDemoCoupon, seedDemoSeller } from './demo-selling.ts';

const asset = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../assets/${name}`, import.meta.url)));

async function store(key: string, name: string, contentType: string): Promise<string> {
  await s3.send(
    new PutObjectCommand({
      Bucket: env().MEDIA_BUCKET,
      Key: key,
      Body: asset(name),
      ContentType: contentType,
    }),
  );
  return mediaUrl(key);
}

type Rec = Record<string, string>;

const DEMO_LESSON_TITLE = 'Real Numbers: Euclid’s Division Lemma';

/**
 * The demo lesson (issue 15): made by ffmpeg and stored as an upload is, so the transcoding
 * pipeline turns it into HLS like any admin's video. `undefined` without ffmpeg (the demo keeps
 * the sample MP4) or when its length is 0.
 */
async function storeDemoLesson(progress: (step: string) => void): Promise<string | undefined> {
  const seconds = demoLessonSeconds();
  if (seconds <= 0 || !hasFfmpeg()) return undefined;
  progress(`Making the ${seconds} s demo lesson video with ffmpeg…`);
  const dir = await mkdtemp(join(tmpdir(), 'gia-demo-lesson-'));
  try {
    const file = join(dir, 'lesson.mp4');
    await promisify(execFile)('ffmpeg', demoLessonArgs(DEMO_LESSON_TITLE, seconds, file));
    const key = `private/videos/demo-lesson-${seconds}s.mp4`;
    await s3.send(
      new PutObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: key,
        Body: await readFile(file),
        ContentType: 'video/mp4',
      }),
    );
    return mediaUrl(key);
  } catch (err) {
    console.warn('The demo lesson could not be made; the demo keeps its sample video.', err);
    return undefined;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The topics of every demo chapter: name, description, and whether it is free to watch. Each
 * is named after its chapter (`Triangles: Core ideas`), in every language (demo-translations.ts).
 */
const TOPICS: [string, string, boolean][] = [
  ['Introduction', 'What this chapter covers and why it matters.', true],
  ['Core ideas', 'The main definitions with worked examples.', false],
  ['Practice problems', 'Step-by-step solutions to exam-style questions.', false],
];

/**
 * A chapter with topics of its own instead of {@link TOPICS}: the Kannada-medium subject's, whose
 * topics have their own names, Kannada notes (demo-printed-notes.ts), Kannada captions and
 * Kannada questions (demo-practice.ts, by the chapter's name and the topic's place).
 */
interface DemoChapter {
  name: string;
  topics: [string, string, boolean][];
}

interface DemoSubject {
  name: string;
  price: number;
  free?: boolean;
  /** The medium of instruction when not English (issue 33): its lessons are in that language. */
  medium?: 'kannada';
  subs: { name: string; chapters: (string | DemoChapter)[] }[];
}
interface DemoClass {
  name: string;
  price: number;
  free?: boolean;
  description: string;
  subjects: DemoSubject[];
}

/** Demo boards › classes › subjects › sub-subjects › chapters. */
const CATALOGUE: { board: string; free?: boolean; classes: DemoClass[] }[] = [
  {
    board: 'CBSE',
    classes: [
      {
        name: 'Class 10',
        price: 999,
        description: 'Complete CBSE Class 10 preparation with video lessons and notes.',
        subjects: [
          {
            name: 'Mathematics',
            price: 499,
            subs: [
              { name: 'Algebra', chapters: ['Linear Equations', 'Quadratic Equations'] },
              { name: 'Geometry', chapters: ['Triangles'] },
            ],
          },
          {
            name: 'Science',
            price: 449,
            subs: [
              { name: 'Physics', chapters: ['Light - Reflection and Refraction'] },
              { name: 'Chemistry', chapters: ['Acids, Bases and Salts'] },
            ],
          },
        ],
      },
      {
        name: 'Class 9',
        price: 799,
        description: 'Build strong foundations for board exams.',
        subjects: [
          {
            name: 'Mathematics',
            price: 399,
            subs: [{ name: 'Number Systems', chapters: ['Real Numbers'] }],
          },
        ],
      },
    ],
  },
  {
    board: 'ICSE',
    classes: [
      {
        name: 'Class 10',
        price: 1099,
        description: 'ICSE Class 10 with concept videos and practice.',
        subjects: [
          { name: 'Physics', price: 549, subs: [{ name: 'Mechanics', chapters: ['Force'] }] },
          { name: 'English', price: 299, subs: [{ name: 'Grammar', chapters: ['Tenses'] }] },
        ],
      },
    ],
  },
  {
    // Mathematics is free; Science, taught in Kannada, is bought (a free board or class would
    // make every subject under it free).
    board: 'SSLC',
    classes: [
      {
        name: 'Class 10',
        price: 349,
        description: 'SSLC Class 10: free Mathematics revision, and Science in Kannada medium.',
        subjects: [
          {
            name: 'Mathematics',
            price: 0,
            free: true,
            subs: [{ name: 'Statistics', chapters: ['Mean, Median and Mode'] }],
          },
          {
            name: 'Science',
            price: 349,
            medium: 'kannada',
            subs: [
              {
                name: 'Biology',
                chapters: [
                  {
                    name: 'Life Processes',
                    topics: [
                      [
                        'Photosynthesis',
                        'How green plants make their food from carbon dioxide and water in sunlight.',
                        true,
                      ],
                      [
                        'Respiration',
                        'How cells release energy from food, with and without oxygen, and how we breathe.',
                        false,
                      ],
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    board: 'PUC',
    classes: [
      {
        name: 'PUC I',
        price: 1299,
        description: 'First PUC science stream essentials.',
        subjects: [
          {
            name: 'Biology',
            price: 599,
            subs: [{ name: 'Botany', chapters: ['The Living World'] }],
          },
        ],
      },
    ],
  },
];

const TESTIMONIALS: [string, string, string][] = [
  [
    'Ananya Sharma',
    'Class 10 student, Delhi',
    'The short videos and notes made revision so much easier before my boards.',
  ],
  [
    'Rahul Verma',
    'Parent, Bengaluru',
    'My son finally enjoys maths. The AI teacher answers his doubts at night.',
  ],
  [
    'Divya Nair',
    'PUC I student, Mysuru',
    'Clear explanations in simple language, and I can rewatch any topic.',
  ],
  [
    'Imran Khan',
    'Class 9 student, Hyderabad',
    'Practice problems with step-by-step solutions helped me a lot.',
  ],
];

/**
 * The demo catalogue of a fresh store: four boards down to topics with a playable sample video,
 * captions and PDF notes, and testimonials, every name and description also in Kannada and Hindi
 * (demo-translations.ts). SSLC Class 10's Science is taught in Kannada: its notes, captions and
 * questions are Kannada. Written through the same services as the admin API. Only
 * into an empty catalogue, unless `evenIfNotEmpty` (the browser tests' route sweep seeds it into
 * a stack the other tests have written to: its board names are the demo's own).
 */
export async function seedDemoCatalogue(
  adminId: string,
  options: { evenIfNotEmpty?: boolean; progress?: (step: string) => void } = {},
): Promise<boolean> {
  if (!options.evenIfNotEmpty && (await listAll('board', { limit: 1 })).items.length) return false;
  const progress = options.progress ?? (() => undefined);
  const video = await store(
    'private/videos/demo-sample-lesson.mp4',
    'sample-lesson.mp4',
    'video/mp4',
  );
  const lesson = await storeDemoLesson(progress);
  let lessonGiven = false;
  const notes = await store(
    'private/notes/demo-sample-notes.pdf',
    'sample-notes.pdf',
    'application/pdf',
  );
  progress('Writing the demo notes for the AI teacher…');
  const notesOf = await seedDemoNotes(); // real lesson notes per chapter (issue 16)
  // Checked by the same schemas as the admin API's payloads.
  const add = async (entity: CatalogueEntity, input: Record<string, unknown>) =>
    (await insertEntity(
      entity,
      CATALOGUE_INPUTS[entity].insert.parse(input),
      adminId,
    )) as unknown as Rec;

  for (const b of CATALOGUE) {
    progress(`Adding the ${b.board} demo board: classes, subjects, chapters, topics, practice…`);
    const board = await add('board', {
      board_name: b.board,
      image_url: await art.board(b.board),
      free_course: b.free ?? false,
    });
    for (const c of b.classes) {
      const cls = await add('class', {
        class_name: c.name,
        board_id: board.board_id,
        price: c.price,
        image_url: await art.class(c.name, b.board),
        free_course: c.free ?? false,
        description: c.description,
        translations: demoTranslations({ class_name: c.name, description: c.description }),
      });
      for (const s of c.subjects) {
        const subject = await add('subject', {
          subject_name: s.name,
          class_id: cls.class_id,
          price: s.price,
          image_url: await art.subject([b.board, c.name, s.name], `${c.name} · ${b.board}`, s.name),
          free_course: s.free ?? false,
          ...(s.medium ? { medium: s.medium } : {}),
          translations: demoTranslations({ subject_name: s.name }),
        });
        for (const ss of s.subs) {
          const sub = await add('sub-subject', {
            sub_subject_name: ss.name,
            subject_id: subject.subject_id,
            price: Math.round(s.price / 2),
            image_url: await art.subject([b.board, c.name, ss.name], s.name, ss.name, s.name),
            free_course: s.free ?? false,
            translations: demoTranslations({ sub_subject_name: ss.name }),
          });
          await add('about-subject', {
            sub_subject_id: sub.sub_subject_id,
            video_url: video,
            notes_url: notes,
            author: 'GIA Faculty',
            comments: `An overview of ${ss.name}.`,
          });
          for (const [i, chapterOf] of ss.chapters.entries()) {
            const chapterName = typeof chapterOf === 'string' ? chapterOf : chapterOf.name;
            // A chapter of its own topics names them as they are; the others after the chapter.
            const ownTopics = typeof chapterOf === 'string' ? undefined : chapterOf.topics;
            const about = chapterDescription(chapterName);
            const chapterArt = await art.subject(
              [b.board, c.name, ss.name, chapterName],
              `${ss.name} · ${s.name}`,
              chapterName,
              ss.name,
              s.name,
            );
            const chapter = await add('chapter', {
              chapter_name: chapterName,
              subject_id: subject.subject_id,
              sub_subject_id: sub.sub_subject_id,
              serial_no: i + 1,
              description: about.en,
              image_url: chapterArt,
              translations: demoTranslations({
                chapter_name: chapterName,
                chapter_description: about,
              }),
            });
            for (const [j, [topicName, description, free]] of (ownTopics ?? TOPICS).entries()) {
              // The first free topic gets the generated lesson (transcoded to HLS).
              const ownLesson = lesson && free && !lessonGiven;
              if (ownLesson) lessonGiven = true;
              const seconds = ownLesson ? demoLessonSeconds() : SAMPLE_LESSON_SECONDS;
              const name = ownTopics ? topicName : `${chapterName}: ${topicName}`;
              const [chapterWords, topicWords] = [demoWords(chapterName), demoWords(topicName)];
              const names = ownTopics
                ? topicWords
                : {
                    kn: `${chapterWords.kn}: ${topicWords.kn}`,
                    hi: `${chapterWords.hi}: ${topicWords.hi}`,
                  };
              const topic = await add('topic', {
                chapter_id: chapter.chapter_id,
                topic_name: name,
                topic_description: description,
                author: 'GIA Faculty',
                video_url: ownLesson ? lesson : video,
                notes_url: notesOf(ownTopics ? topicName : chapterName) ?? notes,
                image_url: chapterArt,
                language: s.medium ?? 'english',
                free_to_watch: free ? '1' : '2',
                serial_no: j + 1,
                duration_seconds: seconds,
                translations: demoTranslations({
                  topic_name: names,
                  topic_description: description,
                }),
              });
              // Every demo lesson has captions in its medium, as an admin's upload gives them:
              // English, or for the Kannada-medium subject Kannada, from its Kannada notes.
              const text =
                s.medium === 'kannada'
                  ? demoLessonText(
                      names.kn,
                      demoWords(description).kn,
                      KANNADA_TOPIC_NOTES[topicName]?.pages,
                    )
                  : demoLessonText(name, description, DEMO_NOTES[chapterName]?.pages);
              await seedDemoCaptions(
                String(topic.topic_id),
                demoWebVtt(text, seconds),
                s.medium === 'kannada' ? 'kn' : 'en',
              );
              await seedDemoPractice(chapterName, j, {
                topic_id: String(topic.topic_id),
                duration_seconds: seconds,
              });
            }
          }
        }
      }
    }
  }
  for (const [name, designation, description] of TESTIMONIALS) {
    await add('testimonial', {
      name,
      designation,
      description,
      image_url: await art.person(name),
      translations: demoTranslations({ designation, description }),
    });
  }
  await seedDemoSeller();
  await seedDemoCoupon();
  return true;
}
