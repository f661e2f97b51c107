import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, errorMessage } from './api-client.ts';
import { apiPath } from './api-paths.ts';
import { fieldProblems } from './field-problems.ts';
import { chooseLanguage } from './i18n.ts';
import { serverText } from './server-text.ts';
import { useSession } from './session.ts';

/*
 * The server's messages in the learner's language (issue 33): an error answer's `message_code`
 * (and `message_params`) pick the catalogue's `server.<code>`; English stays the server's own.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const CART_DUPLICATE = {
  message: 'Already in your cart.',
  code: 'CONFLICT',
  message_code: 'learner.cart_duplicate',
};

const TOO_LONG = {
  message: 'The request is not valid.',
  code: 'VALIDATION_FAILED',
  message_code: 'validation.request_invalid',
  details: [
    {
      field: 'user_name',
      message: 'User Name must be at most 100 characters.',
      message_code: 'validation.at_most_chars',
      message_params: { field: 'User Name', max: '100' },
    },
  ],
};

/** The error an answer of `body` turns into, as the app's one client makes it. */
async function refusal(status: number, body: unknown): Promise<ApiError> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(status, body)),
  );
  const err = await api('POST', apiPath('cart.insert'), { body: {} }).catch((e: unknown) => e);
  if (!(err instanceof ApiError)) throw new Error('expected an ApiError');
  return err;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await chooseLanguage('en');
});

describe('the server’s messages in the learner’s language', () => {
  it('shows a 409 “already in your cart” in English as the server wrote it', async () => {
    const err = await refusal(409, CART_DUPLICATE);
    expect(errorMessage(err, 'fallback')).toBe('Already in your cart.');
  });

  it('shows the same 409 in Kannada and in Hindi by its message code', async () => {
    const err = await refusal(409, CART_DUPLICATE);
    await chooseLanguage('kn');
    expect(errorMessage(err, 'fallback')).toBe('ಇದು ಈಗಾಗಲೇ ನಿಮ್ಮ ಕಾರ್ಟ್‌ನಲ್ಲಿದೆ.');
    await chooseLanguage('hi');
    expect(errorMessage(err, 'fallback')).toBe('यह पहले से आपके कार्ट में है।');
  });

  it('fills a validation detail’s parameters under its field in Kannada', async () => {
    const err = await refusal(400, TOO_LONG);
    await chooseLanguage('kn');
    expect(fieldProblems(err, ['user_name'], 'fallback').errors.user_name).toBe(
      'User Name ಗರಿಷ್ಠ 100 ಅಕ್ಷರಗಳಿರಬೇಕು.',
    );
  });

  it('keeps the English detail in English', async () => {
    const err = await refusal(400, TOO_LONG);
    expect(fieldProblems(err, ['user_name'], 'fallback').errors.user_name).toBe(
      'User Name must be at most 100 characters.',
    );
  });

  it('keeps the server’s English for a code the catalogue does not have', async () => {
    const err = await refusal(409, {
      message: 'An admin cannot delete their own account.',
      code: 'CONFLICT',
      message_code: 'conflict.generic',
    });
    await chooseLanguage('kn');
    expect(errorMessage(err, 'fallback')).toBe('An admin cannot delete their own account.');
  });

  it('keeps the back office in English whatever the device’s language', async () => {
    const err = await refusal(409, CART_DUPLICATE);
    await chooseLanguage('kn');
    useSession.setState({ role: 'admin' });
    try {
      expect(errorMessage(err, 'fallback')).toBe('Already in your cart.');
    } finally {
      useSession.setState({ role: null });
    }
  });

  it('finds a success answer’s code by its English, values included', async () => {
    await chooseLanguage('hi');
    expect(serverText({ message: 'Added Successfully' })).toBe('कार्ट में जोड़ दिया गया');
    expect(serverText({ message: 'Physics has been removed from favorites.' })).toBe(
      'Physics को पसंदीदा से हटा दिया गया है।',
    );
  });
});
