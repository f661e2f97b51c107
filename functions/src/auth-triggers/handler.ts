import type {
  CreateAuthChallengeTriggerEvent,
  CustomMessageTriggerEvent,
  DefineAuthChallengeTriggerEvent,
  VerifyAuthChallengeResponseTriggerEvent,
} from 'aws-lambda';
import { consumeSignInProof } from '../db/sign-in.ts';
import {
  cognitoHtml,
  languageOfClientMetadata,
  mailText,
  type MailKind,
} from '../lib/mail-texts.ts';

/*
 * The learner pool's custom-auth triggers (issue 29): sign-in with an e-mailed code. The code
 * itself is checked by the API (`verifyCode`: our own store, with its tries and limits); Cognito's
 * custom challenge only turns a checked code into tokens. After a right code the API stores a
 * one-time proof and answers the challenge with it; this trigger accepts exactly that proof, once,
 * within a minute. Nothing else can complete the challenge: the proof never leaves the API.
 *
 * The same function is the pool's custom-message trigger (issue 33): Cognito's own e-mails, the
 * password reset code and the code confirming a new e-mail address, are written in the learner's
 * language, which the API passes in the call's client metadata (`mailClientMetadata`).
 *
 * One function for the four triggers. In AWS Cognito calls it; on the local stack the Cognito
 * stand-in's extension (scripts/src/cognito-local-extensions.cjs) calls the same function.
 */

export type AuthChallengeEvent =
  | DefineAuthChallengeTriggerEvent
  | CreateAuthChallengeTriggerEvent
  | VerifyAuthChallengeResponseTriggerEvent
  | CustomMessageTriggerEvent;

/**
 * Cognito's e-mails that carry a code, by the trigger source that asks for their words. Others
 * (sign-up and invitation messages, which the product never sends: accounts are made confirmed,
 * invitations suppressed) keep the pool's template.
 */
const CODE_MAILS: Partial<
  Record<CustomMessageTriggerEvent['triggerSource'], Exclude<MailKind, 'signInCode'>>
> = {
  CustomMessage_ForgotPassword: 'passwordReset',
  CustomMessage_UpdateUserAttribute: 'emailChange',
  CustomMessage_VerifyUserAttribute: 'emailChange',
};

/** Writes a code e-mail in the language the call asked for; Cognito puts the code in. */
function customMessage(event: CustomMessageTriggerEvent): CustomMessageTriggerEvent {
  const kind = CODE_MAILS[event.triggerSource];
  if (!kind) return event;
  const language = languageOfClientMetadata(event.request.clientMetadata);
  const { subject, text } = mailText(kind, language, { code: event.request.codeParameter });
  event.response.emailSubject = subject;
  event.response.emailMessage = cognitoHtml(text);
  return event;
}

/** The table of this function's own environment: the only configuration it reads. */
function tableName(): string {
  const name = process.env.TABLE_NAME;
  if (!name) throw new Error('TABLE_NAME is not set');
  return name;
}

export async function handler(event: AuthChallengeEvent): Promise<AuthChallengeEvent> {
  switch (event.triggerSource) {
    case 'DefineAuthChallenge_Authentication': {
      const last = event.request.session.at(-1);
      const passed = last?.challengeName === 'CUSTOM_CHALLENGE' && last.challengeResult;
      event.response.issueTokens = Boolean(passed);
      // One challenge, one answer: a wrong proof ends the attempt.
      event.response.failAuthentication =
        Boolean(event.request.userNotFound) || (last !== undefined && !passed);
      if (!event.response.issueTokens && !event.response.failAuthentication) {
        event.response.challengeName = 'CUSTOM_CHALLENGE';
      }
      return event;
    }
    case 'CreateAuthChallenge_Authentication':
      event.response.publicChallengeParameters = {};
      event.response.privateChallengeParameters = {};
      event.response.challengeMetadata = 'GIA_SIGN_IN_CODE';
      return event;
    case 'VerifyAuthChallengeResponse_Authentication': {
      const email = event.request.userAttributes.email;
      const answer = event.request.challengeAnswer;
      event.response.answerCorrect =
        typeof email === 'string' &&
        typeof answer === 'string' &&
        (await consumeSignInProof(tableName(), email, answer));
      return event;
    }
    case 'CustomMessage_SignUp':
    case 'CustomMessage_AdminCreateUser':
    case 'CustomMessage_ResendCode':
    case 'CustomMessage_ForgotPassword':
    case 'CustomMessage_UpdateUserAttribute':
    case 'CustomMessage_VerifyUserAttribute':
    case 'CustomMessage_Authentication':
      return customMessage(event);
    default:
      throw new Error(
        `not a trigger of this function: ${(event as { triggerSource: string }).triggerSource}`,
      );
  }
}
