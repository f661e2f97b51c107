import { afterEach, describe, expect, it } from 'vitest';
import { t } from '../../lib/i18n.ts';
import { CAPTION_SIZES, useCaptionSizeStore } from './caption-size.ts';

const KEY = 'gia.video.caption-size';

describe('caption size', () => {
  afterEach(() => {
    useCaptionSizeStore.setState({ size: 'medium' });
    localStorage.clear();
  });
  it('offers 16, 20 and 24 px on a phone, Medium unless the learner chose', () => {
    expect(CAPTION_SIZES.map((s) => [t(s.label), s.phonePx])).toEqual([
      ['Small', 16],
      ['Medium', 20],
      ['Large', 24],
    ]);
    expect(useCaptionSizeStore.getState().size).toBe('medium');
  });
  it("keeps the learner's choice on this device, and reads it back", async () => {
    useCaptionSizeStore.getState().set('large');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '{}').state.size).toBe('large');
    useCaptionSizeStore.setState({ size: 'small' });
    localStorage.setItem(KEY, JSON.stringify({ state: { size: 'large' }, version: 0 }));
    await useCaptionSizeStore.persist.rehydrate();
    expect(useCaptionSizeStore.getState().size).toBe('large');
  });
  it('reads a stored size it does not know as Medium', async () => {
    localStorage.setItem(KEY, JSON.stringify({ state: { size: 'huge' }, version: 0 }));
    await useCaptionSizeStore.persist.rehydrate();
    expect(useCaptionSizeStore.getState().size).toBe('medium');
  });
});
