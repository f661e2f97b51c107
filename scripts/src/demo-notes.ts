import { readFile } from 'node:fs/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { env } from '@gia/functions/lib/env.ts';
import { mediaUrl } from '@gia/functions/lib/media.ts';
import { s3 } from '@gia/functions/lib/s3.ts';
import { KANNADA_TOPIC_NOTES, printedNotesUrl } from './demo-printed-notes.ts';

/**
 * Real lesson notes for the demo catalogue (issue 16): a PDF of a few pages per chapter, made
 * with pdf-lib from the small table below (real school content: definitions, rules, worked
 * examples), uploaded as the chapter's topics' notes and extracted like any upload, so the AI
 * teacher has something to ground its answers on from a fresh `npm start`. Plain ASCII only: the
 * PDF's standard font (Helvetica, WinAnsi) has no glyphs beyond it.
 */

/** One chapter's notes: a title and the text of each page. */
export interface LessonNotes {
  title: string;
  pages: string[];
}

/** The demo chapters' notes, by chapter name (scripts/src/seed.ts's CATALOGUE). */
export const DEMO_NOTES: Record<string, LessonNotes> = {
  'Linear Equations': {
    title: 'Linear Equations in One Variable',
    pages: [
      'A linear equation in one variable is an equation of the form ax + b = 0, where a and b are real numbers and a is not zero. The highest power of the variable is one, so its graph is a straight line. The value of x that makes both sides equal is called the solution or root of the equation. A linear equation in one variable has exactly one solution. For example, 2x + 3 = 7 is a linear equation, and x = 2 is its solution because 2(2) + 3 = 7.',
      'To solve a linear equation, keep the equation balanced: whatever you do to one side, do to the other side. Transposing a term means moving it to the other side of the equation and changing its sign. Worked example: solve 3x - 5 = 10. Add 5 to both sides to get 3x = 15. Divide both sides by 3 to get x = 5. Check the answer by substitution: 3(5) - 5 = 10, so the solution is correct.',
      'Word problems become linear equations when the unknown quantity is written as a variable. Worked example: the sum of two consecutive numbers is 41. Let the first number be x, so the next number is x + 1. Then x + (x + 1) = 41, so 2x + 1 = 41 and 2x = 40, which gives x = 20. The two numbers are 20 and 21. Always state what the variable stands for before writing the equation.',
    ],
  },
  'Quadratic Equations': {
    title: 'Quadratic Equations',
    pages: [
      'A quadratic equation in the variable x is an equation of the form ax^2 + bx + c = 0, where a, b and c are real numbers and a is not zero. Its degree is two, so it has at most two roots. A real number alpha is a root of the equation if a(alpha)^2 + b(alpha) + c = 0. Example: x^2 - 5x + 6 = 0 is a quadratic equation whose roots are 2 and 3.',
      'Solving by factorisation: split the middle term so that the product of the two parts equals ac and their sum equals b. Worked example: solve x^2 - 5x + 6 = 0. Two numbers with product 6 and sum -5 are -2 and -3, so x^2 - 2x - 3x + 6 = 0, that is (x - 2)(x - 3) = 0. Hence x = 2 or x = 3.',
      'The quadratic formula gives the roots of ax^2 + bx + c = 0 as x = (-b plus or minus the square root of (b^2 - 4ac)) divided by 2a. The number b^2 - 4ac is called the discriminant. If the discriminant is positive, the equation has two distinct real roots. If it is zero, the equation has two equal real roots. If it is negative, the equation has no real roots.',
    ],
  },
  Triangles: {
    title: 'Triangles: Similarity',
    pages: [
      'Two triangles are similar if their corresponding angles are equal and their corresponding sides are in the same ratio. All congruent figures are similar, but similar figures need not be congruent. The Basic Proportionality Theorem (Thales theorem) states that if a line is drawn parallel to one side of a triangle to intersect the other two sides in distinct points, the other two sides are divided in the same ratio.',
      'Criteria for similarity of triangles: AAA similarity, when the corresponding angles of two triangles are equal; SSS similarity, when the corresponding sides are in the same ratio; SAS similarity, when one angle of a triangle is equal to one angle of the other and the sides including these angles are proportional. Two angles being equal is enough, because the third angles are then equal too.',
      'The Pythagoras theorem states that in a right triangle, the square of the hypotenuse is equal to the sum of the squares of the other two sides. Worked example: a ladder 10 m long reaches a window 8 m above the ground. The distance of the foot of the ladder from the wall is the square root of (100 - 64), which is 6 m.',
    ],
  },
  'Light - Reflection and Refraction': {
    title: 'Light: Reflection and Refraction',
    pages: [
      'Reflection of light is the bouncing back of light from a polished surface such as a mirror. The laws of reflection are: the angle of incidence is equal to the angle of reflection, and the incident ray, the normal to the mirror at the point of incidence and the reflected ray all lie in the same plane. A plane mirror forms a virtual and erect image, of the same size as the object and as far behind the mirror as the object is in front of it.',
      'Spherical mirrors are concave or convex. The mirror formula is 1/v + 1/u = 1/f, where u is the object distance, v is the image distance and f is the focal length. The focal length of a spherical mirror is half its radius of curvature. Magnification is the ratio of the height of the image to the height of the object. A convex mirror always forms a virtual, erect and diminished image, so it is used as a rear-view mirror in vehicles.',
      'Refraction is the bending of light when it passes from one transparent medium into another, because the speed of light is different in different media. Light bends towards the normal when it enters an optically denser medium. The refractive index of a medium is the ratio of the speed of light in vacuum to the speed of light in the medium. The refractive index of water is about 1.33 and of glass about 1.5.',
    ],
  },
  'Acids, Bases and Salts': {
    title: 'Acids, Bases and Salts',
    pages: [
      'Acids are sour in taste and turn blue litmus red. Bases are bitter, soapy to touch and turn red litmus blue. Acids produce hydrogen ions in water, and bases that dissolve in water are called alkalis and produce hydroxide ions. When an acid reacts with a metal, hydrogen gas is released, which burns with a pop sound.',
      'The pH scale measures how acidic or basic a solution is, from 0 to 14. A pH of 7 is neutral, a pH below 7 is acidic and a pH above 7 is basic. Our stomach produces hydrochloric acid, and an antacid such as milk of magnesia neutralises excess acid. Tooth decay starts when the pH in the mouth falls below 5.5.',
      'The reaction of an acid with a base to give a salt and water is called neutralisation. Example: sodium hydroxide reacts with hydrochloric acid to give sodium chloride and water. Common salt is sodium chloride. Baking soda is sodium hydrogencarbonate and is used in baking powder and in antacids. Bleaching powder is used for disinfecting drinking water.',
    ],
  },
  'Real Numbers': {
    title: 'Real Numbers',
    pages: [
      'Real numbers are all the rational and irrational numbers together. A rational number can be written as p/q where p and q are integers and q is not zero. An irrational number cannot be written in this form; examples are the square root of 2 and pi. The decimal expansion of a rational number either terminates or repeats, while that of an irrational number neither terminates nor repeats.',
      'The Fundamental Theorem of Arithmetic states that every composite number can be expressed as a product of primes, and this factorisation is unique apart from the order of the factors. Worked example: 140 = 2 x 2 x 5 x 7. For any two positive integers, the product of their HCF and LCM is equal to the product of the numbers. Example: HCF(6, 20) = 2 and LCM(6, 20) = 60, and 2 x 60 = 6 x 20.',
    ],
  },
  Force: {
    title: 'Force',
    pages: [
      "A force is a push or a pull that changes or tends to change the state of rest or of uniform motion of a body. The SI unit of force is the newton (N). One newton is the force that produces an acceleration of 1 metre per second squared in a mass of 1 kilogram. Newton's second law states that force equals mass times acceleration, F = ma.",
      'The moment of a force, or torque, is the turning effect of a force about a pivot. It is the product of the force and the perpendicular distance of its line of action from the pivot. Its SI unit is the newton metre. A door handle is fixed far from the hinges so that a small force produces a large turning effect. A couple is two equal and opposite parallel forces that do not act along the same line.',
      'The principle of moments states that when a body is in equilibrium, the sum of the anticlockwise moments about the pivot is equal to the sum of the clockwise moments. Worked example: a 20 N weight hangs 30 cm from the pivot of a metre rule. To balance it, a 15 N weight must hang at 40 cm on the other side, because 20 x 30 = 15 x 40.',
    ],
  },
  Tenses: {
    title: 'Tenses',
    pages: [
      'The tense of a verb shows the time of an action: present, past or future. The simple present tense is used for habits and general truths, for example: The sun rises in the east. The present continuous tense uses am, is or are with the -ing form of the verb for an action happening now, for example: She is reading a book.',
      'The present perfect tense uses has or have with the past participle, for an action completed recently or whose result matters now: I have finished my homework. The simple past tense is used for an action completed at a definite time in the past: We visited Mysuru last year. Do not use the present perfect with a definite past time such as yesterday.',
      'The future can be shown with will and the base form of the verb: It will rain tomorrow. Going to shows a plan or a prediction from present evidence: Look at the clouds; it is going to rain. The future continuous tense uses will be with the -ing form: At this time tomorrow, I will be writing my exam.',
    ],
  },
  'Mean, Median and Mode': {
    title: 'Mean, Median and Mode',
    pages: [
      'The mean of a set of observations is the sum of the observations divided by the number of observations. Worked example: the mean of 4, 6, 8 and 10 is (4 + 6 + 8 + 10) / 4 = 28 / 4 = 7. For grouped data, the mean is found with the class marks: the mean is the sum of f times x divided by the sum of f, where x is the class mark and f the frequency.',
      'The median is the middle value of the data when it is arranged in order. If the number of observations n is odd, the median is the value at position (n + 1) / 2. If n is even, the median is the mean of the values at positions n / 2 and n / 2 + 1. Worked example: the median of 3, 5, 7, 9 is (5 + 7) / 2 = 6.',
      'The mode is the value that occurs most often in the data. Example: in 2, 3, 3, 5, 7, the mode is 3. For grouped data, the class with the highest frequency is called the modal class. The empirical relationship between the three measures is: 3 Median = Mode + 2 Mean.',
    ],
  },
  'The Living World': {
    title: 'The Living World',
    pages: [
      'Living organisms grow, reproduce, respond to their surroundings and carry out metabolism. Metabolism is the sum of all the chemical reactions in the body, and it is a defining property of all living organisms. Consciousness, the ability to sense the environment and respond to it, is also a defining feature of life.',
      'Taxonomy is the science of identifying, naming and classifying organisms. Binomial nomenclature, given by Carolus Linnaeus, names each organism with two words: the generic name and the specific epithet. For example, the scientific name of mango is Mangifera indica. The generic name starts with a capital letter, and both words are written in italics or underlined when handwritten.',
      'The taxonomic hierarchy arranges the categories from the broadest to the narrowest: kingdom, phylum or division, class, order, family, genus and species. The species is the basic unit of classification. Herbaria, botanical gardens, museums and zoological parks are taxonomical aids that help scientists study and identify organisms.',
    ],
  },
};

/** A notes PDF: a title on the first page, the text wrapped to an A4 page, a footer per page. */
export async function lessonNotesPdf(notes: LessonNotes): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(notes.title);
  pdf.setAuthor('GIA Faculty');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595.28, 841.89];
  const margin = 56;
  const size = 12;
  const wrap = (text: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) > width - 2 * margin && line) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  };
  notes.pages.forEach((text, i) => {
    const page = pdf.addPage([width, height]);
    let y = height - margin;
    if (i === 0) {
      page.drawText(notes.title, { x: margin, y, size: 20, font: bold, color: rgb(0.1, 0.2, 0.4) });
      y -= 36;
    }
    for (const line of wrap(text)) {
      page.drawText(line, { x: margin, y, size, font });
      y -= size * 1.5;
    }
    page.drawText(`${notes.title} - page ${i + 1} of ${notes.pages.length}`, {
      x: margin,
      y: margin / 2,
      size: 9,
      font,
      color: rgb(0.35, 0.35, 0.35),
    });
  });
  return pdf.save();
}

/** Where a chapter's demo notes are stored. */
export const demoNotesKey = (chapter: string) =>
  `private/notes/demo-${chapter.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf`;

/**
 * Makes and stores every demo chapter's notes PDF with `put` (which answers the stored media
 * url), and the Kannada-medium topics' printed PDFs (scripts/assets/notes, made by
 * `npm run notes:print`), then extracts each (as the sources function does for an upload), and
 * answers a lookup from a chapter's name, or a Kannada-medium topic's, to its notes url.
 */
export async function storeDemoNotes(
  put: (key: string, bytes: Uint8Array) => Promise<string>,
): Promise<(chapterOrTopic: string) => string | undefined> {
  const { extractSource } = await import('@gia/functions/sources/handler.ts');
  const urls = new Map<string, string>();
  for (const [chapter, notes] of Object.entries(DEMO_NOTES)) {
    const key = demoNotesKey(chapter);
    urls.set(chapter, await put(key, await lessonNotesPdf(notes)));
    await extractSource(key);
  }
  for (const [topic, notes] of Object.entries(KANNADA_TOPIC_NOTES)) {
    const key = `private/notes/demo-${notes.file}`;
    urls.set(topic, await put(key, new Uint8Array(await readFile(printedNotesUrl(notes)))));
    await extractSource(key);
  }
  return (name) => urls.get(name);
}

/** The seed's part (scripts/src/seed.ts): the demo notes stored in the media bucket. */
export const seedDemoNotes = () =>
  storeDemoNotes(async (key, body) => {
    await s3.send(
      new PutObjectCommand({
        Bucket: env().MEDIA_BUCKET,
        Key: key,
        Body: body,
        ContentType: 'application/pdf',
      }),
    );
    return mediaUrl(key);
  });
