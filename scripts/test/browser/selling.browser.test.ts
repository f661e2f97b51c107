import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  launchChromium,
  layoutProblems,
  PHONE,
  signInAsLearner,
  watchErrors,
  signInAsAdmin,
} from './browser.ts';
import { api, routePath, uniqueEmail } from '../../../functions/test/api.ts';
import { signInAdmin } from '../../../functions/test/fixtures.ts';

/*
 * Issue 18 end to end on a phone: an admin saves the seller's settings (Karnataka) and creates a
 * coupon through the screens; a learner applies it, pays at the test checkout and downloads the
 * tax invoice from the receipt, whose PDF names the discount and CGST + SGST.
 */

const stack = inject('stack');
const call = api();
const suffix = Date.now().toString(36);
const boardName = `Sell ${suffix}`;
const subjectName = `Economics ${suffix}`;
const code = `SELL${suffix}`.toUpperCase();
/** The demo seller's settings, typed again through the screen (other tests meet this seller). */
const SELLER = {
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  address: 'MG Road, Bengaluru, Karnataka 560001',
};
let browser: Browser;

/** Saves a screenshot when SCREENSHOT_DIR is set (to look at the screens by hand). */
const shot = async (p: Page, name: string) => {
  if (process.env.SCREENSHOT_DIR)
    await p.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true });
};

/** The screen fits 360 px, and (for the screenshots) 1366 px too. */
async function fits(p: Page, name: string) {
  await shot(p, `${name}-360`);
  expect(await layoutProblems(p, `${name} at 360 px`)).toEqual([]);
  await p.setViewportSize({ width: 1366, height: 768 });
  await shot(p, `${name}-desk`);
  expect(await layoutProblems(p, `${name} at 1366 px`)).toEqual([]);
  await p.setViewportSize(PHONE.viewport);
}

beforeAll(async () => {
  const { post } = await signInAdmin(call);
  const board = await post('insertBoards', { board_name: boardName });
  const cls = await post('insertClasses', {
    class_name: `Class 12 ${suffix}`,
    board_id: board.board_id,
    price: 900,
  });
  await post('insertSubjects', { subject_name: subjectName, class_id: cls.class_id, price: 500 });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('selling on a 360 px phone', { timeout: 90_000 }, () => {
  it('an admin sets the seller and a coupon; a learner uses it and downloads the tax invoice', async () => {
    // Given the admin, signed in on a phone.
    const admin = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
    const adminErrors = watchErrors(admin);
    await signInAsAdmin(admin, stack.admin);

    // When they save the seller's settings: a GSTIN of another state is refused at its field.
    await admin.goto('/AdminDashboad');
    await admin.getByRole('link', { name: 'Seller settings' }).click();
    await admin.getByRole('heading', { name: 'Seller settings' }).waitFor();
    await admin.getByLabel('Legal name').fill(SELLER.legal_name);
    await admin.getByLabel('State').selectOption('29');
    await admin.getByLabel('Address').fill(SELLER.address);
    await admin.getByLabel('GSTIN').fill('07AABCG1234H1Z5');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByText("The GSTIN's first two digits must be the seller's state code.")
      .waitFor();
    expect(await admin.getByLabel('SAC').inputValue()).toBe('999293');
    expect(await admin.getByLabel('GST rate (%)').inputValue()).toBe('18');
    await fits(admin, 'seller-settings-error');
    await admin.getByLabel('GSTIN').fill(SELLER.gstin);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Seller settings saved.').waitFor();

    // And they add a coupon: ₹100 off carts of ₹200 or more, 5 uses, for this subject only.
    await admin.goto('/AdminDashboad');
    await admin.getByRole('link', { name: 'Coupons' }).click();
    await admin.getByRole('heading', { name: 'Coupons' }).waitFor();
    await admin.getByRole('button', { name: 'Add a coupon' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add a coupon' });
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('An amount in ₹').check();
    await dialog.getByLabel('Amount off (₹)').fill('100');
    await dialog.getByLabel('Minimum cart (₹)').fill('200');
    await dialog.getByLabel('Total uses').fill('5');
    // A long list has a search box (other tests' subjects share this stack).
    const search = dialog.getByLabel('Search Subjects');
    if (await search.count()) await search.fill(subjectName);
    await dialog
      .getByLabel('Subjects', { exact: true })
      .selectOption({ label: `${subjectName} — Class 12 ${suffix} · ${boardName}` });
    await dialog.getByRole('list', { name: 'Subjects chosen' }).getByText(subjectName).waitFor();
    await fits(admin, 'coupon-dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Coupon created.').waitFor();
    const listed = admin.getByRole('listitem').filter({ hasText: code });
    await listed.getByText('₹100 off carts of ₹200 or more').waitFor();
    await listed.getByText(/Uses: 0 of 5/).waitFor();
    await fits(admin, 'coupons');
    expect(adminErrors).toEqual([]);

    // Given a learner with the subject in the cart, on a phone.
    const phone = await (await browser.newContext({ baseURL: stack.url, ...PHONE })).newPage();
    const errors = watchErrors(phone);
    const email = uniqueEmail('seller-buyer');
    await call('POST', routePath('learner.login.signup'), {
      body: { user_name: 'Kavya Rao', email, password: 'Sell2026x' },
    });
    await signInAsLearner(phone, email, 'Sell2026x');
    await phone.getByRole('link', { name: boardName, exact: true }).click();
    await phone.getByRole('link', { name: `Class 12 ${suffix}`, exact: true }).click();
    await phone
      .getByRole('article')
      .filter({ hasText: subjectName })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await phone.getByText('Added Successfully').first().waitFor();

    // When they apply the code, choose Karnataka and pay.
    await phone.goto('/CartScreen');
    const details = phone.getByRole('complementary', { name: 'Price Details' });
    await details.getByLabel('Coupon code').fill(code.toLowerCase());
    await details.getByRole('button', { name: 'Apply' }).click();
    await details.getByText('Discount: −₹100').waitFor();
    await details.getByText('Total: ₹400').waitFor();
    await details.getByLabel('Your state (for the GST invoice)').selectOption('29');
    await details.getByText('CGST ₹30.51 + SGST ₹30.51').waitFor();
    await phone.getByRole('button', { name: 'Checkout' }).click();
    const checkout = phone.getByRole('dialog', { name: 'Test checkout' });
    await checkout.getByText('Amount: ₹400').waitFor();
    await checkout.getByRole('button', { name: 'Pay' }).click();

    // Then the receipt offers the tax invoice once it is issued (it reads the payment again).
    const receipt = phone.getByRole('region', { name: 'Receipt' });
    await receipt.getByText('Total paid ₹400').waitFor();
    const invoiceLink = receipt.getByRole('link', { name: /^Download invoice GIA\// });
    await invoiceLink.waitFor({ timeout: 30_000 });
    expect(await layoutProblems(phone, 'receipt at 360 px')).toEqual([]);
    await shot(phone, 'receipt-invoice-360');
    const number = ((await invoiceLink.textContent()) ?? '').replace('Download invoice ', '');
    expect(number).toMatch(/^GIA\/\d{2}-\d{2}\/\d{6}$/);

    // And the PDF it downloads is that invoice: the coupon's discount, CGST + SGST.
    const [download] = await Promise.all([phone.waitForEvent('download'), invoiceLink.click()]);
    expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    const bytes = new Uint8Array(await readFile((await download.path())!));
    expect(new TextDecoder('latin1').decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const pdf = text.replace(/\s+/g, ' ');
    for (const part of [
      'Tax Invoice',
      number,
      'GSTIN: 29AABCG1234H1Z5',
      'Kavya Rao',
      'Place of supply: Karnataka (29)',
      subjectName,
      'Subtotal ₹500.00',
      `Discount (${code}) −₹100.00`,
      'Taxable value ₹338.98',
      'CGST @ 9% ₹30.51',
      'SGST @ 9% ₹30.51',
      'Total ₹400.00',
    ])
      expect(pdf).toContain(part);

    // And Your orders on the profile offers it too.
    await phone.goto('/Profile');
    const orders = phone.getByRole('region', { name: 'Your orders' });
    await orders.getByRole('link', { name: `Download invoice ${number}` }).waitFor();
    expect(await layoutProblems(phone, 'your orders at 360 px')).toEqual([]);
    await shot(phone, 'your-orders-invoice-360');
    expect(errors).toEqual([]);
  });
});
