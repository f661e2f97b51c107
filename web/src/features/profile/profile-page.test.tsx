import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { chooseLanguage, onLanguageChosen, useLanguage } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { ProfilePage } from './profile-page.tsx';
import { signInForTest } from '../../test/session.ts';

const profile = {
  user_id: 'u-1',
  user_name: 'Asha',
  user_mobile: '9876543210',
  email: 'asha@example.in',
  dob: '2010-05-04',
  course_of_study: 'Class 10',
  profile_image: '/media/public/images/asha.png',
  is_verified: false,
  pending_email: null as string | null,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

let stored = { ...profile };
let payments: unknown[] = [];
const codes: string[] = [];

beforeEach(() => {
  stored = { ...profile };
  payments = [];
  codes.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      // A read in Kannada or Hindi asks with `?lang=`.
      const path = url.split('?')[0]!;
      if (path.endsWith('/getclass_users')) return json(200, { data: [stored] });
      if (path.endsWith('/getpayment_history')) return json(200, { data: payments });
      const body = JSON.parse(String(init?.body ?? '{}'));
      if (path.endsWith('/updateclass_users')) {
        const pending = body.email === stored.email ? null : body.email;
        stored = { ...stored, ...body, email: stored.email, pending_email: pending };
        return json(200, { message: 'Profile Updated Successfully', data: stored });
      }
      if (path.endsWith('/verifyEmail')) {
        codes.push(body.code);
        if (body.code !== '123456') {
          const message = 'This code is not correct.';
          return json(400, {
            message,
            code: 'VALIDATION_FAILED',
            details: [{ field: 'code', message }],
          });
        }
        stored = { ...stored, email: stored.pending_email ?? '', pending_email: null };
        return json(200, { message: 'Your new email address is confirmed.', data: stored });
      }
      return json(404, { message: 'not found', code: 'NOT_FOUND' });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('changing the e-mail on the profile page', () => {
  it('asks for the code sent to the new address and shows a wrong code next to the field', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm your new email' });
    expect(dialog.textContent).toContain(
      'We sent a 6-digit code to your new email address. Enter it to confirm the change.',
    );
    expect(dialog.textContent).toContain('new@example.in');

    const code = within(dialog).getByLabelText('Code');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Please enter the 6-digit code from the email.',
    );
    expect(codes).toEqual([]);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('This code is not correct.'),
    );
    expect(code.getAttribute('aria-describedby')).toBe('p-code-error');

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The confirmed address is now the profile's e-mail.
    expect((await screen.findByText('new@example.in')).tagName).toBe('DD');
    // A long walk through two dialogs: room for a busy machine.
  }, 20_000);

  it('offers the code again from the page while a change is pending', async () => {
    stored = { ...profile, pending_email: 'later@example.in' };
    renderPage();
    expect((await screen.findByRole('status')).textContent).toContain('later@example.in');
    fireEvent.click(screen.getByRole('button', { name: 'Enter code' }));
    expect(screen.getByRole('dialog', { name: 'Confirm your new email' }).textContent).toContain(
      'later@example.in',
    );
  });
});

describe('editing the profile', () => {
  const puts = () =>
    vi
      .mocked(fetch)
      .mock.calls.filter(([path]) => String(path).endsWith('/updateclass_users'))
      .map(([, init]) => JSON.parse(String(init?.body)));

  it('saves a mobile number without a photo', async () => {
    stored = { ...profile, profile_image: '' };
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Profile Image (optional)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '91234 56789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts()).toEqual([
      expect.objectContaining({ user_mobile: '9123456789', profile_image: '' }),
    ]);
  });

  it('keeps the language chosen on this device in a profile that has none, so the new e-mail’s code comes in it (issue 33)', async () => {
    useLanguage.setState({ language: 'hi', chosen: true });
    try {
      stored = { ...profile, email: 'asha@example.in' };
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.in' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]).toMatchObject({ email: 'new@example.in', language: 'hi' });
    } finally {
      useLanguage.setState({ language: 'en', chosen: false });
    }
  });

  it('leaves a language the profile keeps as it is, whatever this device chose', async () => {
    useLanguage.setState({ language: 'hi', chosen: true });
    try {
      stored = { ...profile, language: 'kn' } as typeof stored;
      renderPage();
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]).not.toHaveProperty('language');
    } finally {
      useLanguage.setState({ language: 'en', chosen: false });
    }
  });

  it('reports every problem at once, each next to the field it names, and sends nothing', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Mobile'), { target: { value: '98765' } });
    fireEvent.change(screen.getByLabelText('Date of Birth'), { target: { value: '2999-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
    expect(
      within(dialog)
        .getAllByRole('alert')
        .map((a) => a.textContent),
    ).toEqual([
      'Name is required!',
      'Mobile number must be exactly 10 digits.',
      'Date of birth cannot be later than today.',
    ]);
    expect(screen.getByLabelText('Mobile').getAttribute('aria-describedby')).toBe('p-mobile-error');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(puts()).toEqual([]);
  });

  it('shows the server’s field problems next to their fields', async () => {
    vi.mocked(fetch).mockImplementation(async (path) => {
      if (String(path).endsWith('/getclass_users')) return json(200, { data: [stored] });
      const message = 'User Name must be at most 100 characters.';
      return json(400, {
        message,
        code: 'VALIDATION_FAILED',
        details: [{ field: 'user_name', message }],
      });
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'User Name must be at most 100 characters.',
    );
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('limits each text field to what the server takes', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.getByLabelText('Name').getAttribute('maxlength')).toBe('100');
    expect(screen.getByLabelText('Mobile').getAttribute('maxlength')).toBe('10');
    expect(screen.getByLabelText('Mobile').getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
  });
});

describe('your orders on the profile page', () => {
  afterEach(() => useSession.setState({ isAuthenticated: false, role: null }));

  it('lists the payments, newest first, each leading to its receipt', async () => {
    signInForTest();
    payments = [
      {
        id: 'p-2',
        order_id: 'order_2',
        transaction_id: 'pay_2',
        payment_amount: 948,
        payment_status: 'captured',
        paid_at: '2026-11-20T10:00:00.000Z',
        subjects: [
          { subject_id: 's1', subject_name: 'Mathematics', subject_price: 499 },
          { subject_id: 's2', subject_name: 'Science', subject_price: 449 },
        ],
      },
    ];
    renderPage();
    const orders = await screen.findByRole('region', { name: 'Your orders' });
    await within(orders).findByText('Mathematics, Science');
    expect(orders.textContent).toContain('₹948');
    expect(
      within(orders).getByRole('link', { name: 'Receipt of order_2' }).getAttribute('href'),
    ).toBe('/Payment?order=order_2');
  });

  it('offers each invoice, and shows a refund with its credit note or that it is in progress', async () => {
    signInForTest();
    const paid = {
      transaction_id: 'pay_x',
      payment_amount: 400,
      payment_status: 'captured',
      paid_at: '2026-11-20T10:00:00.000Z',
      subjects: [{ subject_id: 's1', subject_name: 'Mathematics', subject_price: 400 }],
      pricing: {
        subtotal: 40000,
        discount: 0,
        taxable: 33898,
        tax: { cgst: 3051, sgst: 3051, igst: 0 },
        total: 40000,
        rate_percent: 18,
        coupon: null,
      },
    };
    payments = [
      {
        ...paid,
        id: 'p-3',
        order_id: 'order_3',
        invoice_number: 'GIA/26-27/000003',
        invoice_url: '/media/private/invoices/u-1/GIA-26-27-000003.pdf?X-Amz-Signature=c',
        refund: {
          refund_id: 'rfnd_1',
          amount: 40000,
          status: 'processed',
          requested_at: '2026-11-24T09:00:00.000Z',
          processed_at: '2026-11-25T09:00:00.000Z',
          credit_note_number: 'GCN/26-27/000001',
          credit_note_url: '/media/private/invoices/u-1/GCN-26-27-000001.pdf?X-Amz-Signature=n',
        },
      },
      {
        ...paid,
        id: 'p-2',
        order_id: 'order_2',
        invoice_number: 'GIA/26-27/000002',
        invoice_url: '/media/private/invoices/u-1/GIA-26-27-000002.pdf?X-Amz-Signature=b',
        refund: {
          refund_id: 'rfnd_2',
          amount: 40000,
          status: 'pending',
          requested_at: '2026-11-24T09:00:00.000Z',
        },
      },
      { ...paid, id: 'p-1', order_id: 'order_1' },
    ];
    renderPage();
    const orders = await screen.findByRole('region', { name: 'Your orders' });
    const [refunded, refunding, fresh] = await within(orders).findAllByRole('listitem');

    const invoice = within(refunded!).getByRole('link', {
      name: 'Download invoice GIA/26-27/000003',
    });
    expect(invoice.getAttribute('href')).toBe(
      '/media/private/invoices/u-1/GIA-26-27-000003.pdf?X-Amz-Signature=c',
    );
    expect(invoice.getAttribute('download')).toBe('GIA-26-27-000003.pdf');
    expect(refunded!.textContent).toContain('Refunded ₹400 on 25 Nov 2026');
    expect(
      within(refunded!)
        .getByRole('link', { name: 'Download credit note GCN/26-27/000001' })
        .getAttribute('href'),
    ).toBe('/media/private/invoices/u-1/GCN-26-27-000001.pdf?X-Amz-Signature=n');

    expect(refunding!.textContent).toContain('Refund in progress');
    expect(refunding!.textContent).not.toContain('Refunded');
    expect(within(refunding!).queryByRole('link', { name: /credit note/ })).toBeNull();

    // Paid a moment ago: the invoice function has not stored the PDF yet.
    expect(within(fresh!).queryByRole('link', { name: /Download invoice/ })).toBeNull();
    expect(fresh!.textContent).toContain('Tax invoice being prepared.');
  });

  it('says there are none yet', async () => {
    signInForTest();
    renderPage();
    const orders = await screen.findByRole('region', { name: 'Your orders' });
    expect((await within(orders).findByText(/No orders yet/)).textContent).toContain(
      'Find a subject to learn',
    );
  });
});

describe('the video data saver on the profile page', () => {
  afterEach(() => {
    useSession.setState({ isAuthenticated: false, role: null });
    localStorage.clear();
  });

  it("turns data saver on for this device, the setting every video's player reads", async () => {
    signInForTest();
    renderPage();
    const section = await screen.findByRole('region', { name: 'Video data saver' });
    const toggle = within(section).getByRole<HTMLInputElement>('checkbox');
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(JSON.parse(localStorage.getItem('gia.video.data-saver') ?? '{}').state.choice).toBe(
      true,
    );
  });
});

describe('the learner’s language on the profile page', () => {
  afterEach(async () => {
    await chooseLanguage('en');
  });

  it('shows the language the app speaks, each by its own name, and switches to the one chosen', async () => {
    const told: string[] = [];
    const stop = onLanguageChosen((language) => told.push(language));
    renderPage();
    const field = (await screen.findByLabelText('Language')) as HTMLSelectElement;
    expect(field.value).toBe('en');
    expect([...field.options].map((o) => [o.value, o.textContent, o.lang])).toEqual([
      ['en', 'English', 'en'],
      ['kn', 'ಕನ್ನಡ', 'kn'],
      ['hi', 'हिन्दी', 'hi'],
    ]);

    fireEvent.change(field, { target: { value: 'kn' } });

    // The page speaks Kannada at once, the choice is kept on the device and told to the profile.
    expect(await screen.findByRole('heading', { level: 1, name: 'ನನ್ನ ಪ್ರೊಫೈಲ್' })).toBeTruthy();
    expect((screen.getByLabelText('ಭಾಷೆ') as HTMLSelectElement).value).toBe('kn');
    expect(screen.getByRole('button', { name: 'ಪ್ರೊಫೈಲ್ ಬದಲಿಸಿ' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('kn');
    expect(localStorage.getItem('gia-language')).toBe('kn');
    expect(told).toEqual(['kn']);
    stop();
  });

  it('checks the form in Hindi before sending anything', async () => {
    await chooseLanguage('hi');
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'प्रोफ़ाइल बदलें' }));
    fireEvent.change(screen.getByLabelText('नाम'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('मोबाइल'), { target: { value: '98765' } });
    fireEvent.click(screen.getByRole('button', { name: 'सेव करें' }));

    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'नाम भरना ज़रूरी है।',
      'मोबाइल नंबर ठीक 10 अंकों का होना चाहिए।',
    ]);
  });
});
