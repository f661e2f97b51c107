import { describe, expect, it } from 'vitest';
import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { handler } from './handler.ts';

/** A custom-message event as Cognito sends it for `source`, with the call's client metadata. */
const customMessage = (
  source: CustomMessageTriggerEvent['triggerSource'],
  clientMetadata?: Record<string, string>,
): CustomMessageTriggerEvent => ({
  version: '1',
  region: 'ap-south-1',
  userPoolId: 'ap-south-1_learners',
  userName: 'u-1',
  callerContext: { awsSdkVersion: 'test', clientId: 'learner-client' },
  triggerSource: source,
  request: {
    userAttributes: { sub: 'u-1', email: 'meena@example.in' },
    codeParameter: '{####}',
    usernameParameter: null,
    linkParameter: '{##Click Here##}',
    clientMetadata,
  },
  response: { smsMessage: null, emailMessage: null, emailSubject: null },
});

const respond = async (event: CustomMessageTriggerEvent) =>
  ((await handler(event)) as CustomMessageTriggerEvent).response;

describe('the learner pool’s custom-message trigger (issue 33)', () => {
  it('writes the password reset code e-mail in the language the call asked for, the code where Cognito puts it', async () => {
    const response = await respond(
      customMessage('CustomMessage_ForgotPassword', { language: 'kn' }),
    );
    expect(response.emailSubject).toBe('ನಿಮ್ಮ GIA School ಪಾಸ್‌ವರ್ಡ್ ಬದಲಿಸುವ ಕೋಡ್');
    expect(response.emailMessage).toContain('ಹೊಸ ಪಾಸ್‌ವರ್ಡ್ ಆಯ್ಕೆ ಮಾಡಲು ನಿಮ್ಮ ಕೋಡ್: {####}');
    // Cognito's e-mails are HTML: the paragraphs stay apart.
    expect(response.emailMessage).toContain('<br><br>');
    expect(response.emailMessage).not.toContain('\n');
  });

  it('writes the code for a new e-mail address in Hindi, for a change and for a resent code', async () => {
    for (const source of [
      'CustomMessage_UpdateUserAttribute',
      'CustomMessage_VerifyUserAttribute',
    ] as const) {
      const response = await respond(customMessage(source, { language: 'hi' }));
      expect(response.emailSubject, source).toBe('GIA School के लिए अपना नया ईमेल पक्का करें');
      expect(response.emailMessage, source).toContain('आपका कोड है: {####}');
    }
  });

  it('writes in English without a language, or with one the product does not speak', async () => {
    const metadatas: (Record<string, string> | undefined)[] = [undefined, {}, { language: 'ta' }];
    for (const metadata of metadatas) {
      const response = await respond(customMessage('CustomMessage_ForgotPassword', metadata));
      expect(response.emailSubject).toBe('Your GIA School password reset code');
      expect(response.emailMessage).toContain('Your code to choose a new password is {####}.');
    }
  });

  it('leaves the messages the product never sends to the pool’s template', async () => {
    for (const source of ['CustomMessage_SignUp', 'CustomMessage_AdminCreateUser'] as const) {
      const response = await respond(customMessage(source, { language: 'kn' }));
      expect(response, source).toEqual({
        smsMessage: null,
        emailMessage: null,
        emailSubject: null,
      });
    }
  });
});
