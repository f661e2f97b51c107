import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchErrors } from './browser.ts';
import { api } from '../../../functions/test/api.ts';
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
  await page.goto('/AdminLoginNew');
  await page.getByLabel('Email').fill(stack.admin.email);
  await page.getByLabel('Password', { exact: true }).fill(stack.admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/Setup');
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
    await post('insertChapters', {
      chapter_name: chapter,
      subject_id: s.subject_id,
      sub_subject_id: sub.sub_subject_id,
      serial_no: 1,
      description: 'Lines on the globe',
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

    await page.getByRole('cell', { name: 'Rs 1,50,000' }).first().waitFor();
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

    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Class 6' });
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
    await page.getByLabel('Class', { exact: true }).selectOption({ label: 'Class 6' });
    await page.getByLabel('Subject', { exact: true }).selectOption({ label: subject });
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

    await page.getByLabel('Subject', { exact: true }).selectOption({ label: subject });
    await page.getByLabel('Sub-Subject', { exact: true }).selectOption({ label: 'Maps' });
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
      await page.getByLabel('Chapter', { exact: true }).selectOption({ label: chapter });
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
