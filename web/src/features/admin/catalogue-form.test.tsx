import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCREENS } from './catalogue-config.ts';
import { CatalogueForm } from './catalogue-form.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('the Add New Topic form', () => {
  it('starts with Watch Free at No, so a paid lesson is never published free by default', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'ok', data: [] })),
    );

    render(
      <QueryClientProvider client={new QueryClient()}>
        <CatalogueForm config={SCREENS.Topics!} editing={null} onDone={() => {}} />
      </QueryClientProvider>,
    );

    const watchFree = screen.getByLabelText('Watch Free') as HTMLSelectElement;
    expect(watchFree.value).toBe('2');
    expect(watchFree.selectedOptions[0]?.textContent).toBe('No');
  });
});
