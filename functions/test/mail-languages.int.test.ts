import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@gia/shared';
import { languageInvalid } from '@gia/shared/languages.ts';
import { api, newLearner, routePath, uniqueEmail } from './api.ts';

/*
 * Issue 33: every e-mail a learner gets is in their language — the one their profile keeps, else
 * the one the app asked in, else English — against the local stack, where the API's own e-mails
 * and Cognito's (through the stand-in's extension and the same custom-message trigger as in AWS)
 * land in the local outbox.
 */

const call = api();

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The messages the local outbox holds for an address, newest first. */
async function outbox(to: string): Promise<Mail[]> {
  const res = await call('GET', `${routePath('local.outbox')}?to=${encodeURIComponent(to)}`);
  expect(res.status).toBe(200);
  return res.body.data as Mail[];
}

/** The newest message to `to` (Cognito's arrive a moment after its answer), and its code. */
async function newestMail(to: string): Promise<Mail & { code: string }> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const [mail] = await outbox(to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (mail && code) return { ...mail, code };
    if (Date.now() > deadline) throw new Error(`nothing was sent to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new learner who chose `language` for the product (saved in their profile). */
async function learnerWho(chose?: 'kn' | 'hi' | 'en') {
  const me = await newLearner(call, 'Mail Reader');
  if (chose) {
    const saved = await call('POST', routePath('profile.updateLanguage'), {
      token: me.token,
      body: { language: chose },
    });
    expect(saved.status).toBe(200);
  }
  return me;
}

const requestCode = (email: string, language?: string) =>
  call('POST', routePath('learner.login.requestCode'), { body: { email, language } });

describe('the sign-in code e-mail', () => {
  it('comes in Kannada to a learner who chose Kannada, even when the app asks in English, and its code signs in', async () => {
    const me = await learnerWho('kn');
    const asked = await requestCode(me.email, 'en');
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(MESSAGES.signInCodeSent);

    const mail = await newestMail(me.email);
    expect(mail.subject).toBe(`ನಿಮ್ಮ GIA School ಸೈನ್ ಇನ್ ಕೋಡ್: ${mail.code}`);
    expect(mail.text).toContain(`ನಿಮ್ಮ ಸೈನ್ ಇನ್ ಕೋಡ್: ${mail.code}`);
    expect(mail.text).toContain('10 ನಿಮಿಷಗಳವರೆಗೆ');
    expect(mail.text).not.toMatch(/sign-in|minutes/);

    const signedIn = await call('POST', routePath('learner.login.verifyCode'), {
      body: { email: me.email, code: mail.code },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.empid).toBe(me.userId);
  });

  it('comes in English to a learner who chose no language and whose app asks in none', async () => {
    const me = await learnerWho();
    expect((await requestCode(me.email)).status).toBe(200);
    const mail = await newestMail(me.email);
    expect(mail.subject).toBe(`Your GIA School sign-in code: ${mail.code}`);
    expect(mail.text).toContain(`Your sign-in code is ${mail.code}.`);
    expect(mail.text).toContain('10 minutes');
  });

  it('comes in the app’s language to a learner who chose none', async () => {
    const me = await learnerWho();
    expect((await requestCode(me.email, 'hi')).status).toBe(200);
    const mail = await newestMail(me.email);
    expect(mail.subject).toBe(`आपका GIA School साइन इन कोड: ${mail.code}`);
    expect(mail.text).toContain('10 मिनट');
  });

  it('refuses a language the product does not speak with a plain 400, and sends nothing', async () => {
    const me = await learnerWho();
    const refused = await requestCode(me.email, 'ta');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(languageInvalid('language'));
    expect(refused.body.details).toEqual([
      expect.objectContaining({ field: 'language', message: languageInvalid('language') }),
    ]);
    expect(await outbox(me.email)).toEqual([]);
  });
});

describe('Cognito’s code e-mails', () => {
  it('send a learner who chose Hindi the password reset code in Hindi, and the code resets', async () => {
    const me = await learnerWho('hi');
    const asked = await call('POST', routePath('learner.login.forgotPassword'), {
      body: { email: me.email, language: 'kn' },
    });
    expect(asked.status).toBe(200);

    const mail = await newestMail(me.email);
    expect(mail.subject).toBe('आपका GIA School पासवर्ड बदलने का कोड');
    expect(mail.text).toContain(`नया पासवर्ड चुनने के लिए आपका कोड है: ${mail.code}`);
    // Paragraphs, not Cognito's HTML line breaks.
    expect(mail.text).toContain('\n\n');
    expect(mail.text).not.toContain('<br>');

    const reset = await call('POST', routePath('learner.login.resetPassword'), {
      body: { email: me.email, code: mail.code, password: 'Badl4vNaya' },
    });
    expect(reset.status).toBe(200);
  });

  it('send the code for a new e-mail address in Kannada to a learner who chose Kannada, and it confirms the change', async () => {
    const me = await learnerWho('kn');
    const wanted = uniqueEmail('kannada-mover');
    const saved = await call('PUT', routePath('profile.update'), {
      token: me.token,
      body: {
        user_mobile: '9876543210',
        user_name: 'Mail Reader',
        email: wanted,
        dob: '2010-05-04',
        course_of_study: 'Class 10',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.pending_email).toBe(wanted);

    const mail = await newestMail(wanted);
    expect(mail.subject).toBe('GIA School ಗಾಗಿ ನಿಮ್ಮ ಹೊಸ ಇಮೇಲ್ ಖಚಿತಪಡಿಸಿ');
    expect(mail.text).toContain(`ಖಚಿತಪಡಿಸಲು ನಿಮ್ಮ ಕೋಡ್: ${mail.code}`);

    const confirmed = await call('POST', routePath('profile.verifyEmail'), {
      token: me.token,
      body: { code: mail.code },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.email).toBe(wanted);
  });

  it('send a learner without a language the reset code in English', async () => {
    const me = await learnerWho();
    await call('POST', routePath('learner.login.forgotPassword'), { body: { email: me.email } });
    const mail = await newestMail(me.email);
    expect(mail.subject).toBe('Your GIA School password reset code');
    expect(mail.text).toContain(`Your code to choose a new password is ${mail.code}.`);
  });
});
