import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptionsCell } from './catalogue-captions.tsx';

const uploads = vi.hoisted(() => [] as { kind: string; name: string }[]);
vi.mock('../../lib/upload.ts', () => ({
  uploadFile: vi.fn(async (kind: string, file: File) => {
    uploads.push({ kind, name: file.name });
    return `/media/private/captions/01J-${file.name}`;
  }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  uploads.length = 0;
});

function renderCell(record: Record<string, unknown>) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CaptionsCell record={record} />
    </QueryClientProvider>,
  );
}

const vtt = (name: string) => new File(['WEBVTT\n'], name, { type: 'text/vtt' });

describe('the topic captions dialog', () => {
  it('uploads a WebVTT file for the chosen language, lists it and removes it', async () => {
    const calls: { path: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { language: string; url?: string };
        calls.push({ path: String(path), body });
        if (String(path).endsWith('/insertTopicCaptions')) {
          return json(200, {
            message: 'Captions added successfully.',
            data: [
              { language: 'en', url: '/media/private/captions/old-en.vtt' },
              { language: body.language, url: body.url },
            ],
          });
        }
        return json(200, {
          message: 'Captions removed successfully.',
          data: [{ language: 'hi', url: '/media/private/captions/01J-hindi.vtt' }],
        });
      }),
    );
    renderCell({
      topic_id: 't1',
      topic_name: 'Fractions',
      captions: [{ language: 'en', url: '/media/private/captions/old-en.vtt' }],
    });
    expect(screen.getByText(/English/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Captions of Fractions' }));
    const dialog = screen.getByRole('dialog', { name: 'Captions of Fractions' });
    fireEvent.change(within(dialog).getByLabelText('Language'), { target: { value: 'hi' } });
    fireEvent.change(within(dialog).getByLabelText('WebVTT file (.vtt)'), {
      target: { files: [vtt('hindi.vtt')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add captions' }));

    const tracks = await within(dialog).findByRole('list', { name: 'Captions tracks' });
    await waitFor(() => expect(within(tracks).getAllByRole('listitem')).toHaveLength(2));
    expect(uploads).toEqual([{ kind: 'captions', name: 'hindi.vtt' }]);
    expect(calls[0]).toEqual({
      path: expect.stringMatching(/\/api\/v1\/classadmin\/data\/insertTopicCaptions$/),
      body: { topic_id: 't1', language: 'hi', url: '/media/private/captions/01J-hindi.vtt' },
    });
    expect(within(tracks).getByText('Hindi (hi)')).toBeTruthy();
    // The attached file is no longer offered for another language.
    expect(
      (within(dialog).getByLabelText('WebVTT file (.vtt)') as HTMLInputElement).files,
    ).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove English captions' }));
    await waitFor(() => expect(within(tracks).getAllByRole('listitem')).toHaveLength(1));
    expect(calls[1]).toEqual({
      path: expect.stringMatching(/\/deleteTopicCaptions$/),
      body: { topic_id: 't1', language: 'en' },
    });
    expect(within(tracks).queryByText('English (en)')).toBeNull();
  });

  it("shows the server's message beside the file field when the file is refused", async () => {
    const refusal = 'The captions file is not valid WebVTT (line 3: Invalid timestamp).';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(400, { message: refusal })),
    );
    renderCell({ topic_id: 't1', topic_name: 'Fractions' });
    expect(screen.getByText(/None/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Captions of Fractions' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('No captions yet.')).toBeTruthy();
    // Nothing chosen: said before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add captions' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose a WebVTT (.vtt) file.');
    expect(uploads).toEqual([]);

    const input = within(dialog).getByLabelText('WebVTT file (.vtt)');
    fireEvent.change(input, { target: { files: [vtt('broken.vtt')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add captions' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(refusal));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('No captions yet.')).toBeTruthy();
  });
});
