import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { scriptLanguage } from '@gia/shared/languages.ts';
import { INDIAN_STATES } from '@gia/shared/selling-rules.ts';
import { chooseLanguage } from './i18n.ts';
import { useStates } from './state-names.ts';

afterEach(async () => {
  await chooseLanguage('en', false);
});

describe('the states by their names in the learner’s language', () => {
  it('names every state in English as the GST list does, and in Kannada and Hindi in their scripts', async () => {
    const { result } = renderHook(() => useStates());
    expect(result.current).toEqual(INDIAN_STATES.map((s) => ({ code: s.code, name: s.name })));
    for (const language of ['kn', 'hi'] as const) {
      await act(() => chooseLanguage(language, false));
      expect(result.current.map((s) => s.code)).toEqual(INDIAN_STATES.map((s) => s.code));
      for (const { name } of result.current) {
        expect({ name, language: scriptLanguage(name) }).toEqual({ name, language });
      }
    }
    expect(result.current.find((s) => s.code === '29')?.name).toBe('कर्नाटक');
    await act(() => chooseLanguage('kn', false));
    expect(result.current.find((s) => s.code === '29')?.name).toBe('ಕರ್ನಾಟಕ');
  });
});
