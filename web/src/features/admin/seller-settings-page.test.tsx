import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SELLING_MESSAGES as M } from '@gia/shared/selling.ts';
import { useToasts } from '../../components/toast.tsx';
import { SellerSettingsPage } from './seller-settings-page.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const KARNATAKA = {
  legal_name: 'GIA School Private Limited',
  gstin: '29AABCG1234H1Z5',
  state: '29',
  address: '12 MG Road, Bengaluru 560001',
  sac: '999293',
  gst_rate_percent: 18,
};

/** What the server answers before the first save: the defaults, not saved. */
const UNSAVED = {
  legal_name: '',
  gstin: '',
  state: '',
  address: '',
  sac: '999293',
  gst_rate_percent: 18,
  saved: false,
};

/** A server holding `stored` that answers a save with `answer` (or accepts it); records saves. */
function stubServer(stored: unknown, answer?: () => Response) {
  const saved: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const p = String(path);
      if (p.endsWith('/getSellerSettings')) return json(200, { message: 'ok', data: stored });
      if (p.endsWith('/updateSellerSettings')) {
        const body = JSON.parse(String(init?.body)) as unknown;
        saved.push(body);
        return (
          answer?.() ??
          json(200, { message: M.settingsSaved, data: { ...(body as object), saved: true } })
        );
      }
      return json(404, { message: 'Not found.', code: 'NOT_FOUND' });
    }),
  );
  return saved;
}

function renderPage() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/SellerSettings']}>
        <SellerSettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => vi.unstubAllGlobals());

describe('the seller settings screen', { timeout: 20_000 }, () => {
  it('starts a new deployment at SAC 999293 and 18%, and saves the seller’s details', async () => {
    const saved = stubServer(UNSAVED);
    renderPage();

    expect(await screen.findByText(/Not saved yet/)).toBeTruthy();
    expect(input('SAC').value).toBe('999293');
    expect(input('GST rate (%)').value).toBe('18');
    expect(screen.getByText(/the seller’s call/).textContent).toContain('999293');

    fireEvent.change(input('Legal name'), { target: { value: KARNATAKA.legal_name } });
    fireEvent.change(input('GSTIN'), { target: { value: '29aabcg1234h1z5' } });
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '29' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: KARNATAKA.address } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(useToasts.getState().toasts.map((t) => t.text)).toContain(M.settingsSaved),
    );
    expect(saved).toEqual([KARNATAKA]);
    expect(screen.queryByText(/Not saved yet/)).toBeNull();
  });

  it('shows each of the server’s problems under the field it is about', async () => {
    const saved = stubServer({ ...KARNATAKA, saved: true }, () =>
      json(400, {
        message: M.gstinState,
        code: 'VALIDATION_FAILED',
        details: [
          { field: 'gstin', message: M.gstinState },
          { field: 'gst_rate_percent', message: M.rateRange },
        ],
      }),
    );
    renderPage();

    await waitFor(() => expect(input('Legal name').value).toBe(KARNATAKA.legal_name));
    expect(screen.queryByText(/Not saved yet/)).toBeNull();
    fireEvent.change(screen.getByLabelText('State'), { target: { value: '07' } });
    fireEvent.change(input('GST rate (%)'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const gstinError = await screen.findByText(M.gstinState);
    expect(input('GSTIN').getAttribute('aria-describedby')).toBe(gstinError.id);
    expect(input('GSTIN').getAttribute('aria-invalid')).toBe('true');
    expect(input('GST rate (%)').getAttribute('aria-describedby')).toBe(
      screen.getByText(M.rateRange).id,
    );
    expect(saved).toEqual([{ ...KARNATAKA, state: '07', gst_rate_percent: 40 }]);

    // Changing a field clears its problem.
    fireEvent.change(input('GSTIN'), { target: { value: '07AABCG1234H1Z5' } });
    expect(screen.queryByText(M.gstinState)).toBeNull();
    expect(screen.getByText(M.rateRange)).toBeTruthy();
  });
});
