import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SCREENS } from './catalogue-config.ts';
import { CatalogueTable } from './catalogue-table.tsx';

const boards = [
  { board_id: 'b2', board_name: 'SSLC', free_course: true, image_url: '/media/public/b2.png' },
  { board_id: 'b1', board_name: 'CBSE', free_course: false, image_url: '' },
];

describe('a back-office table', () => {
  it('says Free or Paid in words beside the dot, and marks the row saved last', () => {
    render(
      <CatalogueTable
        config={SCREENS.Board!}
        rows={boards}
        rowId={(r) => String(r.board_id)}
        highlighted="b1"
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );

    const [sslc, cbse] = screen.getAllByRole('row').slice(1);
    expect(within(sslc!).getByText('Free')).toBeTruthy();
    expect(within(cbse!).getByText('Paid')).toBeTruthy();
    expect(cbse!.className).toBe('is-saved');
    expect(sslc!.className).toBe('');
  });

  it('shows images as 48-pixel thumbnails', () => {
    render(
      <CatalogueTable
        config={SCREENS.Board!}
        rows={boards}
        rowId={(r) => String(r.board_id)}
        highlighted={null}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );

    const img = document.querySelector('img.thumb');
    expect(img?.getAttribute('width')).toBe('48');
  });
});
