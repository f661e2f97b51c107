import { render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppFrame, newQueryClient } from '../app/app.tsx';
import { AppRoutes } from '../app/router.tsx';
import type { BootRequests } from '../lib/boot-contract.ts';
import { pageReads, publicRead } from './page-reads.ts';
import { readsFor } from './reads-for.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A list read's empty page, or (the subject's outline) an answer that the subject is gone. */
const answer = (path: string) =>
  path.includes('/getSubjectOutline/')
    ? json(404, { code: 'NOT_FOUND', message: 'Not found.' })
    : json(200, { message: 'ok', data: [], next_cursor: null });

const boot = () => (window as unknown as { __giaBoot?: BootRequests }).__giaBoot;

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as { __giaBoot?: unknown }).__giaBoot;
});

describe('the public reads the boot script starts', () => {
  const table = pageReads();
  const pages = table.map((p) => p.path ?? `${p.prefix}01J0SUBJECT`);

  it.each(pages)(
    'are the very reads %s sends on arrival: the app takes each answer and asks for none again',
    async (page) => {
      const reads = readsFor(table, page);
      expect(reads.length).toBeGreaterThan(0);
      (window as unknown as { __giaBoot?: BootRequests }).__giaBoot = {
        reads: Object.fromEntries(reads.map((r) => [r, Promise.resolve(answer(r))])),
      };
      const fetchMock = vi.fn(async (path: string) => answer(path));
      vi.stubGlobal('fetch', fetchMock);

      render(
        <AppFrame client={newQueryClient()}>
          <MemoryRouter initialEntries={[page]}>
            <AppRoutes />
          </MemoryRouter>
        </AppFrame>,
      );

      // A lazy page's code loads first (in a test, transformed on demand).
      await waitFor(() => expect(boot()?.reads).toEqual({}), { timeout: 8000 });
      // What the page read itself: none of the boot script's reads (the outline is not retried
      // after a 404), only what is not a public first read (none for a visitor).
      await new Promise((r) => setTimeout(r, 50));
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual([]);
    },
  );
});

describe('the boot script’s table of reads', () => {
  it('takes public reads only: a personal read or a write fails the build', () => {
    expect(publicRead('catalogue.getSubjects', {}, { limit: 1000 })).toMatch(
      /\/getSubjects\?limit=1000$/,
    );
    expect(() => publicRead('catalogue.getLesson')).toThrow(/not a public read/);
    expect(() => publicRead('learner.login.refresh')).toThrow(/not a public read/);
  });
});
