import { afterEach, describe, expect, it } from 'vitest';
import { dataSaverDefault, useDataSaverStore } from './data-saver.ts';

describe('data saver', () => {
  afterEach(() => {
    useDataSaverStore.setState({ choice: null });
    localStorage.clear();
  });
  it('is on by default when the browser asks to save data', () => {
    expect(dataSaverDefault({ connection: { saveData: true, effectiveType: '4g' } })).toBe(true);
  });
  it('is on by default on a 2G or 3G link, off on 4G and where the browser says nothing', () => {
    expect(dataSaverDefault({ connection: { effectiveType: 'slow-2g' } })).toBe(true);
    expect(dataSaverDefault({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(dataSaverDefault({ connection: { effectiveType: '3g' } })).toBe(true);
    expect(dataSaverDefault({ connection: { effectiveType: '4g' } })).toBe(false);
    expect(dataSaverDefault({})).toBe(false);
    expect(dataSaverDefault(undefined)).toBe(false);
  });
  it("keeps the learner's choice on this device", () => {
    useDataSaverStore.getState().set(true);
    expect(JSON.parse(localStorage.getItem('gia.video.data-saver') ?? '{}').state.choice).toBe(
      true,
    );
  });
});
