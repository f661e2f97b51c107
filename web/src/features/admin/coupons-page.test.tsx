import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUPON_MESSAGES as C } from '@gia/shared/selling.ts';
import { ConfirmDialog } from '../../components/confirm.tsx';
import { localInput } from './coupon-fields.ts';
import { CouponsPage } from './coupons-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const stamp = { created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' };
const DIWALI = {
  code: 'DIWALI20',
  coupon_id: 'DIWALI20',
  kind: 'percent',
  percent: 20,
  min_cart_paise: 50000,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_to: '2099-01-01T00:00:00.000Z',
  max_uses: 10,
  per_learner: 1,
  class_ids: ['c10'],
  enabled: true,
  uses: 3,
  taken: 5,
  ...stamp,
};
const SCHOOL = {
  code: 'SCHOOL100',
  coupon_id: 'SCHOOL100',
  kind: 'flat',
  amount_paise: 10000,
  min_cart_paise: 0,
  valid_from: '2026-01-01T00:00:00.000Z',
  valid_to: '2099-01-01T00:00:00.000Z',
  max_uses: null,
  per_learner: 2,
  enabled: false,
  uses: 0,
  ...stamp,
};
const OLD = {
  ...SCHOOL,
  code: 'SUMMER',
  coupon_id: 'SUMMER',
  enabled: true,
  valid_to: '2026-06-01T00:00:00.000Z',
};

/**
 * A server with three coupons and a small catalogue; `answer` replaces the answer to a save.
 * Records what is sent.
 */
function stubServer(answer?: (path: string) => Response | undefined) {
  const sent: { method: string; path: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const p = String(path);
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        sent.push({
          method,
          path: p,
          body: init?.body ? JSON.parse(String(init.body)) : undefined,
        });
      if (p.includes('/getCoupons')) return json(200, { data: [DIWALI, SCHOOL, OLD] });
      if (p.includes('/getBoards'))
        return json(200, { data: [{ board_id: 'b1', board_name: 'CBSE' }] });
      if (p.includes('/getClasses'))
        return json(200, {
          data: [{ class_id: 'c10', class_name: 'Class 10', board_id: 'b1', board_name: 'CBSE' }],
        });
      if (p.includes('/getSubjects'))
        return json(200, {
          data: [
            {
              subject_id: 's-maths',
              subject_name: 'Mathematics',
              class_name: 'Class 10',
              board_name: 'CBSE',
            },
          ],
        });
      const answered = answer?.(p);
      if (answered) return answered;
      if (p.includes('/insertCoupons')) return json(201, { message: C.created, data: {} });
      if (p.includes('/updateCoupons')) return json(200, { message: C.updated, data: {} });
      if (p.includes('/deleteCoupons/')) return json(200, { message: C.deleted });
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
  return sent;
}

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/AdminCoupons']}>
        <CouponsPage />
        <ConfirmDialog />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const row = async (code: string) =>
  (await screen.findByText(code, { selector: '.coupon-code' })).closest('li')!;

/** Fills the add dialog's field labelled `label`. */
const fill = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });

afterEach(() => vi.unstubAllGlobals());

describe('the coupons screen', { timeout: 20_000 }, () => {
  it('lists each coupon with its state, uses, validity and what it applies to', async () => {
    stubServer();
    renderPage();

    const diwali = await row('DIWALI20');
    expect(within(diwali).getByText('Enabled')).toBeTruthy();
    for (const part of [
      '20% off carts of ₹500 or more',
      'Uses: 3 of 10 · 2 held by open orders · 1 per learner',
      'Classes: Class 10 — CBSE',
    ])
      expect(diwali.textContent).toContain(part);

    const school = await row('SCHOOL100');
    expect(within(school).getByText('Disabled')).toBeTruthy();
    expect(school.textContent).toContain('₹100 off');
    expect(school.textContent).toContain('Uses: 0 (no limit) · 2 per learner');
    expect(school.textContent).toContain('Applies to everything');
    expect(within(await row('SUMMER')).getByText('Expired')).toBeTruthy();
  });

  it('adds a flat coupon typed in rupees, sent in paise, for a subject chosen from the list', async () => {
    const sent = stubServer();
    renderPage();
    await row('DIWALI20');
    fireEvent.click(screen.getByRole('button', { name: 'Add a coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a coupon' });

    fill(dialog, 'Code', 'school50');
    fireEvent.click(within(dialog).getByLabelText('An amount in ₹'));
    fill(dialog, 'Amount off (₹)', '49.50');
    fill(dialog, 'Minimum cart (₹)', '1,000');
    fill(dialog, 'Valid from', '2026-12-01T09:00');
    fill(dialog, 'Valid to', '2026-12-31T18:30');
    fill(dialog, 'Total uses', '100');
    await waitFor(() =>
      expect(within(dialog).getByRole('option', { name: 'Mathematics — Class 10 · CBSE' })),
    );
    fill(dialog, 'Subjects', 's-maths');
    const chosen = within(dialog).getByRole('list', { name: 'Subjects chosen' });
    expect(chosen.textContent).toContain('Mathematics — Class 10 · CBSE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/classadmin/data/insertCoupons',
        body: {
          code: 'school50',
          kind: 'flat',
          amount_paise: 4950,
          min_cart_paise: 100000,
          valid_from: new Date('2026-12-01T09:00').toISOString(),
          valid_to: new Date('2026-12-31T18:30').toISOString(),
          max_uses: 100,
          per_learner: 1,
          board_ids: [],
          class_ids: [],
          subject_ids: ['s-maths'],
          enabled: true,
        },
      },
    ]);
  });

  it('shows a rupee amount that is not one, and the server’s problems, under their fields', async () => {
    const sent = stubServer((p) =>
      p.includes('/insertCoupons')
        ? json(409, { message: C.codeTaken, code: 'CONFLICT' })
        : undefined,
    );
    renderPage();
    await row('DIWALI20');
    fireEvent.click(screen.getByRole('button', { name: 'Add a coupon' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a coupon' });

    fill(dialog, 'Code', 'DIWALI20');
    fill(dialog, 'Percent off', '10');
    fill(dialog, 'Minimum cart (₹)', 'five hundred');
    fill(dialog, 'Total uses', 'ten');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const problem = (label: string) => {
      const input = within(dialog).getByLabelText(label);
      return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
    };
    expect(problem('Minimum cart (₹)')).toBe('Type an amount in rupees, such as 50 or 49.50.');
    // Not a count is never read as "no limit".
    expect(problem('Total uses')).toBe(
      'Type a whole number of 1 or more, or leave it blank for no limit.',
    );
    expect(sent).toEqual([]);

    fill(dialog, 'Minimum cart (₹)', '');
    fill(dialog, 'Total uses', '');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const code = within(dialog).getByLabelText('Code');
    await waitFor(() => expect(code.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(code.getAttribute('aria-describedby')!)?.textContent).toBe(
      C.codeTaken,
    );
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Add a coupon' })).toBeTruthy();
  });

  it('shows a whole-coupon problem (the dates) under Valid to', async () => {
    stubServer((p) =>
      p.includes('/updateCoupons')
        ? json(400, {
            message: C.dates,
            code: 'VALIDATION_FAILED',
            details: [{ field: '(body)', message: C.dates }],
          })
        : undefined,
    );
    renderPage();
    fireEvent.click(within(await row('DIWALI20')).getByRole('button', { name: 'Edit DIWALI20' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit coupon DIWALI20' });
    expect((within(dialog).getByLabelText('Code') as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByLabelText('Percent off') as HTMLInputElement).value).toBe('20');
    expect((within(dialog).getByLabelText('Minimum cart (₹)') as HTMLInputElement).value).toBe(
      '500',
    );
    expect((within(dialog).getByLabelText('Valid to') as HTMLInputElement).value).toBe(
      localInput(DIWALI.valid_to),
    );
    fill(dialog, 'Valid to', '2025-01-01T00:00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    const validTo = within(dialog).getByLabelText('Valid to');
    await waitFor(() => expect(validTo.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(validTo.getAttribute('aria-describedby')!)?.textContent).toBe(
      C.dates,
    );
  });

  it('disables a coupon, sending it whole, and deletes one after the confirmation', async () => {
    const sent = stubServer();
    renderPage();
    fireEvent.click(
      within(await row('DIWALI20')).getByRole('button', { name: 'Disable DIWALI20' }),
    );
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/v1/classadmin/data/updateCoupons',
      body: {
        code: 'DIWALI20',
        kind: 'percent',
        percent: 20,
        min_cart_paise: 50000,
        valid_from: DIWALI.valid_from,
        valid_to: DIWALI.valid_to,
        max_uses: 10,
        per_learner: 1,
        board_ids: [],
        class_ids: ['c10'],
        subject_ids: [],
        enabled: false,
      },
    });

    fireEvent.click(within(await row('SUMMER')).getByRole('button', { name: 'Delete SUMMER' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Delete the coupon SUMMER?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toHaveLength(1);

    fireEvent.click(within(await row('SUMMER')).getByRole('button', { name: 'Delete SUMMER' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      method: 'DELETE',
      path: '/api/v1/classadmin/data/deleteCoupons/SUMMER',
      body: undefined,
    });
  });
});
