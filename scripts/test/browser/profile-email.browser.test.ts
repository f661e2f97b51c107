import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, layoutProblems, signInAsLearner, watchErrors } from './browser.ts';
import { api, newLearner, routePath, sentCode, uniqueEmail } from '../../../functions/test/api.ts';

const stack = inject('stack');
const call = api();
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchChromium();
  // A small phone: the narrowest screen the product supports.
  const context = await browser.newContext({
    baseURL: stack.url,
    viewport: { width: 360, height: 740 },
  });
  page = await context.newPage();
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('changing the e-mail on a phone', () => {
  it('asks for the code in the dialog, shows a wrong code beside the field, and confirms the address', async () => {
    const me = await newLearner(call, 'Phone Learner');
    // Saving a complete profile needs every field: fill them through the API first.
    await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: {
        user_mobile: '9876543210',
        user_name: 'Phone Learner',
        email: me.email,
        dob: '2010-05-04',
        course_of_study: 'Class 10',
        profile_image: '/media/public/images/me.png',
      },
    });
    await signInAsLearner(page, me.email, me.password);
    await page.goto('/Profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const wanted = uniqueEmail('a-rather-long-new-address-for-a-small-screen');
    await page.getByLabel('Email').fill(wanted);
    await page.getByRole('button', { name: 'Save' }).click();

    const dialog = page.getByRole('dialog', { name: 'Confirm your new email' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(wanted);
    await dialog.getByLabel('Code').fill('000000');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe('This code is not correct.');

    // Nothing is wider than the screen, the dialog included.
    expect(await layoutProblems(page, 'e-mail dialog at 360 px')).toEqual([]);
    const box = await dialog.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(360);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'profile-email-360.png') });
    }

    await dialog.getByLabel('Code').fill(sentCode(me.userId));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(wanted).first().waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the profile on a phone (issue 14)', () => {
  it('wraps a long e-mail, keeps the edit dialog and its Save inside the screen, and saves without a photo', async () => {
    const me = await newLearner(call, 'Asha Phone');
    await signInAsLearner(page, me.email, me.password);
    await page.goto('/Profile');
    await page.getByText(me.email).waitFor();
    expect(await layoutProblems(page, 'profile at 360 px')).toEqual([]);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'profile-360.png') });
    }

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    // Every problem at once, under its field.
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Mobile is required!').waitFor();
    await dialog.getByText('Course of study is required!').waitFor();
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, 'profile-edit-360.png') });
    }
    await dialog.getByLabel('Mobile').fill('9876543210');
    await dialog.getByLabel('Date of Birth').fill('2010-05-04');
    await dialog.getByLabel('Course of Study').fill('Class 10');
    const save = dialog.getByRole('button', { name: 'Save' });
    await save.scrollIntoViewIfNeeded();
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(box!.y + box!.height).toBeLessThanOrEqual(740);
    await save.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('9876543210').waitFor();
    expect(errors).toEqual([]);
  });
});
