import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium, layoutProblems, watchErrors, signInAsAdmin } from './browser.ts';
import { api, newLearner, routePath } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

const stack = inject('stack');
const call = api();
const video = fileURLToPath(new URL('../../assets/sample-lesson.mp4', import.meta.url));
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
  page = await (
    await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 } })
  ).newPage();
  errors = watchErrors(page);
  await signInAsAdmin(page, stack.admin);
});
afterAll(async () => {
  await browser?.close();
});

const suffix = Date.now().toString(36);

/** Submits the form, accepts the confirmation and waits for the server's message. */
async function save(button: string, question: string, message: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.getByRole('dialog').getByText(question).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
  await page.getByText(message).first().waitFor();
}

async function open(path: string, heading: string) {
  await page.goto(path);
  await page.getByRole('heading', { name: heading }).waitFor();
}

describe('an admin builds a catalogue in the browser', () => {
  // Given: a board › class › subject › sub-subject › chapter made through the API, so each
  // test adds one level through the screens under a parent that is already there.
  const board = `Board ${suffix}`;
  const subject = `Geography ${suffix}`;
  const chapter = `Latitudes ${suffix}`;
  // The dropdowns name each record with its context, nearest ancestor first.
  const classChoice = `Class 6 — ${board}`;
  const subjectChoice = `${subject} — Class 6 · ${board}`;
  const subSubjectChoice = `Maps — ${subject} · Class 6 · ${board}`;
  const chapterChoice = `${chapter} — Maps · ${subject} · Class 6 · ${board}`;
  const asked = `Why is the equator hot ${suffix}?`;
  let chapterId = '';

  beforeAll(async () => {
    const { post } = await signInAdmin(call);
    const b = await post('insertBoards', { board_name: board });
    const cls = await post('insertClasses', {
      class_name: 'Class 6',
      board_id: b.board_id,
      price: 500,
    });
    const s = await post('insertSubjects', {
      subject_name: subject,
      class_id: cls.class_id,
      price: 99,
    });
    const sub = await post('insertSubSubjects', {
      sub_subject_name: 'Maps',
      subject_id: s.subject_id,
      price: 49,
    });
    const ch = await post('insertChapters', {
      chapter_name: chapter,
      subject_id: s.subject_id,
      sub_subject_id: sub.sub_subject_id,
      serial_no: 1,
      description: 'Lines on the globe',
    });
    chapterId = ch.chapter_id;
    // A free topic with a learner's question on it, for the question desk.
    const topic = await post('insertTopics', {
      chapter_id: ch.chapter_id,
      topic_name: 'The Tropics',
      author: 'Ravi',
      free_to_watch: '1',
    });
    const learner = await newLearner(call, 'Desk Learner');
    await call('POST', routePath('qna.insert'), {
      token: learner.token,
      body: { topic_id: topic.topic_id, question: asked },
    });
  });

  afterEach(() => {
    expect(errors).toEqual([]);
  });

  it('adds a board, shown in capitals in the table', async () => {
    const name = `Added ${suffix}`;
    await open('/Board', 'Add New Board');

    await page.getByLabel('Board Name', { exact: true }).fill(name);
    await save(
      'Add Board',
      'Are you sure you want to submit the Board?',
      'Board added successfully.',
    );

    await page.getByRole('cell', { name: name.toUpperCase() }).waitFor();
  });

  it('adds a class to a board, its price shown in rupees', async () => {
    await open('/Class', 'Add New Class');

    await page.getByLabel('Class Name', { exact: true }).fill('Class 7');
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board });
    await page.getByLabel('Price', { exact: true }).fill('150000');
    await save(
      'Add Class',
      'Are you sure you want to submit the Class?',
      'Class added successfully.',
    );

    // The message stays, and the new row is marked, first (newest first) and on screen.
    expect(await page.getByText('Class added successfully.').first().isVisible()).toBe(true);
    const first = page.locator('.table-wrap tbody tr').first();
    await expect.poll(() => first.getAttribute('class')).toBe('is-saved');
    expect(await first.textContent()).toContain(board.toUpperCase());
    expect(await first.textContent()).toContain('Rs 1,50,000');
    expect(await first.isVisible()).toBe(true);
  });

  it('offers a subject’s classes only once its board is chosen', async () => {
    await open('/Subject', 'Add New Subject');

    expect(await page.getByLabel('Class', { exact: true }).isDisabled()).toBe(true);
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board });

    expect(await page.getByLabel('Class', { exact: true }).isDisabled()).toBe(false);
  });

  it('adds a subject to a class', async () => {
    await open('/Subject', 'Add New Subject');
    await page.getByLabel('Board', { exact: true }).selectOption({ label: board });

    await page.getByLabel('Class', { exact: true }).selectOption({ label: classChoice });
    await page.getByLabel('Subject Name', { exact: true }).fill(`History ${suffix}`);
    await page.getByLabel('Price', { exact: true }).fill('99');

    await save(
      'Add Subject',
      'Are you sure you want to submit the Subject?',
      'Subject added successfully.',
    );
  });

  it('adds a sub-subject to a subject', async () => {
    await open('/SubSubject', 'Add New Sub-Subject');

    await page.getByLabel('Board', { exact: true }).selectOption({ label: board });
    await page.getByLabel('Class', { exact: true }).selectOption({ label: classChoice });
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: subjectChoice });
    await page.getByLabel('Sub-Subject Name', { exact: true }).fill('Rivers');
    await page.getByLabel('Price', { exact: true }).fill('49');

    await save(
      'Add Sub-Subject',
      'Are you sure you want to submit the Sub-Subject?',
      'Sub Subject added successfully.',
    );
  });

  it('adds a chapter to a sub-subject', async () => {
    await open('/Chapters', 'Add New Chapter');

    await page.getByLabel('Subject', { exact: true }).selectOption({ label: subjectChoice });
    await page.getByLabel('Sub-Subject', { exact: true }).selectOption({ label: subSubjectChoice });
    await page.getByLabel('Chapter Name', { exact: true }).fill(`Longitudes ${suffix}`);
    await page.getByLabel('Serial No', { exact: true }).fill('1');
    await page.getByLabel('Description', { exact: true }).fill('Lines from pole to pole');

    await save(
      'Add Chapter',
      'Are you sure you want to submit the chapter?',
      'Chapter added successfully.',
    );
  });

  it('keeps a topic’s name closed until its chapter is chosen', async () => {
    await open('/Topics', 'Add New Topic');

    expect(await page.getByLabel('Topic Name', { exact: true }).isDisabled()).toBe(true);
  });

  describe('a topic added with an uploaded video', () => {
    beforeAll(async () => {
      await open('/Topics', 'Add New Topic');
      await page.getByLabel('Chapter', { exact: true }).selectOption({ label: chapterChoice });
      await page.getByLabel('Topic Name', { exact: true }).fill('The Equator');
      await page.getByLabel('Author', { exact: true }).fill('Ravi');
      await page.getByLabel('Upload Video', { exact: true }).setInputFiles(video);
      await save(
        'Add Topic',
        'Are you sure you want to submit the topic?',
        'Topic added successfully.',
      );
    });

    it('plays its video in a 640-pixel player', async () => {
      const row = page.getByRole('row').filter({ hasText: 'THE EQUATOR' });

      await row.getByRole('button', { name: 'Play' }).click();

      const player = page.getByRole('dialog', { name: 'Video' }).locator('video');
      await player.waitFor();
      expect(await player.getAttribute('width')).toBe('640');
      await page.waitForFunction(() => {
        const v = document.querySelector('video');
        return v !== null && v.readyState >= 1 && v.duration > 0;
      });
    });

    it('closes the player', async () => {
      await page.getByRole('button', { name: 'Close' }).click();

      expect(await page.getByRole('dialog', { name: 'Video' }).count()).toBe(0);
    });
  });

  it('refuses to delete a board that still has classes', async () => {
    await open('/Board', 'Add New Board');
    const boardRow = page.getByRole('row').filter({ hasText: board.toUpperCase() });

    await boardRow.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByText('Are you sure you want to delete?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();

    await page
      .getByText('Please delete all the classes associated with this board first.')
      .waitFor();
    expect(await page.getByRole('cell', { name: board.toUpperCase() }).count()).toBe(1);
  });

  it('edits a board: the form fills, the button says Update, and the table shows the new name', async () => {
    const name = `Edit Me ${suffix}`;
    await open('/Board', 'Add New Board');
    await page.getByLabel('Board Name', { exact: true }).fill(name);
    await save(
      'Add Board',
      'Are you sure you want to submit the Board?',
      'Board added successfully.',
    );
    await page
      .getByRole('row')
      .filter({ hasText: name.toUpperCase() })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByRole('heading', { name: 'Edit Board' }).waitFor();
    expect(await page.getByLabel('Board Name', { exact: true }).inputValue()).toBe(name);
    await page.getByLabel('Board Name', { exact: true }).fill(`${name} Renamed`);
    await save(
      'Update',
      'Are you sure you want to update the Board?',
      'Board updated successfully.',
    );
    await page.getByRole('cell', { name: `${name} Renamed`.toUpperCase() }).waitFor();
  });

  it('finds a chapter by typing words of its context into the dropdown’s search', async () => {
    await open('/Topics', 'Add New Topic');
    await page
      .getByLabel('Chapter', { exact: true })
      .locator('option', { hasText: chapterChoice })
      .waitFor({ state: 'attached' });
    const search = page.getByLabel('Search Chapter', { exact: true });
    // The search box comes with a long list; the test stack has many chapters.
    if ((await search.count()) === 1) await search.fill(`latitudes ${suffix}`);

    const options = await page
      .getByLabel('Chapter', { exact: true })
      .locator('option')
      .allTextContents();

    expect(options).toContain(chapterChoice);
    if ((await search.count()) === 1) expect(options.length).toBe(2);
  });

  it('shows the server’s reason when a PDF is chosen as a board image, and saves nothing', async () => {
    const name = `Pdf ${suffix}`;
    await open('/Board', 'Add New Board');
    await page.getByLabel('Board Name', { exact: true }).fill(name);
    await page.getByLabel('Upload file', { exact: true }).setInputFiles({
      name: 'syllabus.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });

    await save(
      'Add Board',
      'Are you sure you want to submit the Board?',
      'Please choose a jpg, jpeg, png or gif image of at most 5 MB.',
    );

    expect(await page.getByText('File upload failed. Please try again.').count()).toBe(0);
    expect(await page.getByRole('cell', { name: name.toUpperCase() }).count()).toBe(0);
  });

  it('shows on the question desk where a question was asked, with a link to its chapter’s topics', async () => {
    await open('/AdminQuestions', 'Questions');
    const card = page.getByRole('listitem').filter({ hasText: asked });

    expect(await card.textContent()).toContain(
      `The Tropics — ${chapter} · Maps · ${subject} · Class 6 · ${board}`,
    );
    await card.getByRole('link', { name: 'The Tropics' }).click();

    await page.waitForURL(`**/Topics?chapter=${chapterId}`);
    await page.getByRole('cell', { name: 'THE TROPICS', exact: true }).waitFor();
    expect(await page.getByLabel('Filter by Chapter', { exact: true }).inputValue()).toBe(
      chapterId,
    );
  });

  it('adds and removes an admin, and refuses to remove itself', async () => {
    await open('/AdminUserList', 'Add New Admin');
    const email = `second-${suffix}@gia.test`;
    await page.getByLabel('Name', { exact: true }).fill('Second Admin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Second123');
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await page.getByText('Admin created successfully.').waitFor();
    await page.getByRole('button', { name: `Delete ${stack.admin.email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('You cannot delete your own account.').waitFor();
    await page.getByRole('button', { name: `Delete ${email}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await page.getByText('Admin deleted successfully.').waitFor();
  });
});

describe('the back office on a 360 px phone', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 360, height: 740 });
  });
  afterAll(async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  // Every admin screen's layout and axe check at 360 px: routes-sweep.browser.test.ts.
  it('keeps the header on one line, its logout button on screen', async () => {
    await page.goto('/Board');
    const back = page.getByRole('link', { name: '← Setup' });
    const logout = page.getByRole('button', { name: 'Logout' });

    const backBox = await back.boundingBox();
    const logoutBox = await logout.boundingBox();

    // One line of text: "← Setup" does not wrap.
    expect(backBox?.height ?? Infinity).toBeLessThan(30);
    expect((logoutBox?.x ?? Infinity) + (logoutBox?.width ?? 0)).toBeLessThanOrEqual(360);
  });

  it('edits a subject’s Kannada name and medium; the learners’ Kannada read answers them', async () => {
    /** GIA_SCREENSHOTS=<dir>: keeps what the admin saw around `at`, to look at. */
    const shot = async (name: string, at: Locator) => {
      if (!process.env.GIA_SCREENSHOTS) return;
      await at.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: join(process.env.GIA_SCREENSHOTS, `${name}.png`) });
    };
    // Given: an English-medium subject with no translation.
    const { post } = await signInAdmin(call);
    const b = await post('insertBoards', { board_name: `Karnataka ${suffix}` });
    const cls = await post('insertClasses', {
      class_name: 'Class 10',
      board_id: b.board_id,
      price: 0,
    });
    const name = `Science ${suffix}`;
    const s = await post('insertSubjects', {
      subject_name: name,
      class_id: cls.class_id,
      price: 99,
    });
    const kannadaName = `ವಿಜ್ಞಾನ ${suffix}`;

    // When: the admin opens it on a phone, writes its Kannada name and makes it Kannada-medium.
    await page.goto('/Subject');
    await page.getByLabel('Filter by Subject Name', { exact: true }).fill(name);
    await page
      .getByRole('row')
      .filter({ hasText: name.toUpperCase() })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByRole('heading', { name: 'Edit Subject' }).waitFor();
    const kannada = page.getByLabel('Subject Name, ಕನ್ನಡ', { exact: true });
    expect(await kannada.getAttribute('lang')).toBe('kn');
    await kannada.fill(kannadaName);
    await page.getByLabel('Medium of instruction', { exact: true }).selectOption('kannada');
    // English, then ಕನ್ನಡ, then हिन्दी, one under another, and nothing off the screen.
    const tops = await Promise.all(
      ['Subject Name', 'Subject Name, ಕನ್ನಡ', 'Subject Name, हिन्दी'].map(
        async (label) => (await page.getByLabel(label, { exact: true }).boundingBox())?.y ?? 0,
      ),
    );
    expect(tops[0]).toBeLessThan(tops[1]!);
    expect(tops[1]).toBeLessThan(tops[2]!);
    expect(await layoutProblems(page)).toEqual([]);
    await shot('admin-subject-form-360', kannada);
    await save(
      'Update Subject',
      'Are you sure you want to update the Subject?',
      'Subject updated successfully.',
    );

    // Then: the list marks it, and a learner reading in Kannada gets its Kannada name and medium.
    const row = page.getByRole('row').filter({ hasText: name.toUpperCase() });
    await row.getByText('Kannada medium').waitFor();
    expect(await row.textContent()).toContain('Translated into Kannada');
    expect(await layoutProblems(page)).toEqual([]);
    await shot('admin-subject-list-360', row);
    const read = await call(
      'GET',
      `${routePath('catalogue.getSubjects')}?subject_id=${s.subject_id}&lang=kn`,
    );
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([
      expect.objectContaining({
        subject_id: s.subject_id,
        subject_name: kannadaName,
        medium: 'kannada',
      }),
    ]);
    expect(read.body.data[0]).not.toHaveProperty('translations');
    expect(errors).toEqual([]);
  });
});
