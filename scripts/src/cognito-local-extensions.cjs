/**
 * Preloaded (`node --require`) into cognito-local, the local stand-in for Cognito: it adds the two
 * things the product uses that the stand-in lacks (issue 29).
 *
 * 1. Custom-auth sign-in: `AdminInitiateAuth` with `CUSTOM_AUTH` and `AdminRespondToAuthChallenge`
 *    run Cognito's define / create / verify sequence through the same trigger function Cognito
 *    calls in AWS (functions/src/auth-triggers/handler.ts, `GIA_AUTH_TRIGGER`), so sign-in with
 *    a code takes the same path here as there.
 * 2. The local outbox: every code Cognito would e-mail (password reset, e-mail confirmation) is
 *    also appended to `GIA_OUTBOX_FILE`, where the product's own messages go too, in the words of
 *    the same trigger function's custom message (the learner's language, issue 33).
 *
 * The trigger's TypeScript is imported through tsx's API when it is first needed.
 */
const { randomUUID } = require('node:crypto');
const { appendFileSync, mkdirSync } = require('node:fs');
const { dirname } = require('node:path');
const { Targets } = require('cognito-local/lib/targets/targets');
const { NotAuthorizedError, InvalidParameterError } = require('cognito-local/lib/errors');
const { MessagesService } = require('cognito-local/lib/services/messages');

/* ---- 1. Custom-auth sign-in ---- */

let trigger;
const loadTrigger = async () => {
  // tsx compiles the trigger's TypeScript when it is first needed, as for the rest of the stack.
  trigger ??= require('tsx/cjs/api').require(process.env.GIA_AUTH_TRIGGER, __filename).handler;
  return trigger;
};

/** Challenges handed out and not yet answered, by their session (as Cognito's, 3 minutes). */
const pending = new Map();
const CHALLENGE_MS = 3 * 60 * 1000;

const attributesOf = (user) => Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value]));

const triggerEvent = (triggerSource, pool, clientId, user, request) => ({
  version: '1',
  region: 'local',
  userPoolId: pool.options.Id,
  userName: user.Username,
  callerContext: { awsSdkVersion: 'local', clientId },
  triggerSource,
  request: { userAttributes: attributesOf(user), ...request },
  response: {},
});

const initiateAuth = Targets.AdminInitiateAuth;
Targets.AdminInitiateAuth = (services) => {
  const original = initiateAuth(services);
  return async (ctx, req) => {
    if (req.AuthFlow !== 'CUSTOM_AUTH') return original(ctx, req);
    const username = req.AuthParameters?.USERNAME;
    if (!username) throw new InvalidParameterError('AuthParameters USERNAME is required');
    const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
    const user = await pool.getUserByUsername(ctx, username);
    if (!user) throw new NotAuthorizedError();
    const handler = await loadTrigger();
    const define = await handler(
      triggerEvent('DefineAuthChallenge_Authentication', pool, req.ClientId, user, {
        session: [],
        userNotFound: false,
      }),
    );
    if (
      define.response.failAuthentication ||
      define.response.challengeName !== 'CUSTOM_CHALLENGE'
    ) {
      throw new NotAuthorizedError();
    }
    const create = await handler(
      triggerEvent('CreateAuthChallenge_Authentication', pool, req.ClientId, user, {
        challengeName: 'CUSTOM_CHALLENGE',
        session: [],
      }),
    );
    const session = randomUUID();
    pending.set(session, {
      username: user.Username,
      clientId: req.ClientId,
      expires: Date.now() + CHALLENGE_MS,
      privateParameters: create.response.privateChallengeParameters ?? {},
    });
    return {
      ChallengeName: 'CUSTOM_CHALLENGE',
      Session: session,
      ChallengeParameters: {
        USERNAME: user.Username,
        ...create.response.publicChallengeParameters,
      },
    };
  };
};

Targets.AdminRespondToAuthChallenge = (services) => async (ctx, req) => {
  const challenge = pending.get(req.Session);
  pending.delete(req.Session);
  if (
    !challenge ||
    challenge.expires < Date.now() ||
    challenge.clientId !== req.ClientId ||
    req.ChallengeName !== 'CUSTOM_CHALLENGE'
  ) {
    throw new NotAuthorizedError();
  }
  const pool = await services.cognito.getUserPoolForClientId(ctx, req.ClientId);
  const user = await pool.getUserByUsername(ctx, challenge.username);
  if (!user) throw new NotAuthorizedError();
  const handler = await loadTrigger();
  const verify = await handler(
    triggerEvent('VerifyAuthChallengeResponse_Authentication', pool, req.ClientId, user, {
      privateChallengeParameters: challenge.privateParameters,
      challengeAnswer: req.ChallengeResponses?.ANSWER ?? '',
    }),
  );
  const define = await handler(
    triggerEvent('DefineAuthChallenge_Authentication', pool, req.ClientId, user, {
      session: [
        {
          challengeName: 'CUSTOM_CHALLENGE',
          challengeResult: Boolean(verify.response.answerCorrect),
        },
      ],
      userNotFound: false,
    }),
  );
  if (!define.response.issueTokens) throw new NotAuthorizedError();
  const client = await services.cognito.getAppClient(ctx, req.ClientId);
  const groups = await pool.listUserGroupMembership(ctx, user);
  const tokens = await services.tokenGenerator.generate(
    ctx,
    user,
    groups,
    client,
    req.ClientMetadata,
    'Authentication',
  );
  await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
  return {
    ChallengeParameters: {},
    AuthenticationResult: {
      AccessToken: tokens.AccessToken,
      RefreshToken: tokens.RefreshToken,
      IdToken: tokens.IdToken,
      TokenType: 'Bearer',
    },
  };
};

/* ---- 2. The local outbox ---- */

/**
 * The e-mail Cognito would send for a code, in the words of the pool's custom-message trigger (the
 * same function, which writes a learner's in their language, issue 33): the trigger answers HTML
 * with `{####}` where Cognito puts the code (in the body only, as Cognito does), and the outbox
 * keeps it as text. A message the trigger leaves to the pool's template gets its gist. (In AWS
 * only the learner pool has this trigger: an admin's reset code comes in the pool's English
 * template, here in the trigger's English words.)
 */
async function messageFor(source, userPoolId, clientId, user, code, clientMetadata) {
  const handler = await loadTrigger();
  const { response } = await handler({
    version: '1',
    region: 'local',
    userPoolId,
    userName: user.Username,
    callerContext: { awsSdkVersion: 'local', clientId },
    triggerSource: `CustomMessage_${source}`,
    request: {
      userAttributes: attributesOf(user),
      codeParameter: '{####}',
      usernameParameter: null,
      clientMetadata: clientMetadata ?? {},
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  });
  if (!response.emailMessage) {
    return { subject: 'Your GIA School code', text: `Your GIA School code is ${code}.` };
  }
  return {
    subject: response.emailSubject,
    text: response.emailMessage.replaceAll('<br>', '\n').replaceAll('{####}', code),
  };
}

const deliver = MessagesService.prototype.deliver;
MessagesService.prototype.deliver = async function deliverToOutbox(
  ctx,
  source,
  clientId,
  userPoolId,
  user,
  code,
  clientMetadata,
  details,
) {
  await deliver.call(this, ctx, source, clientId, userPoolId, user, code, clientMetadata, details);
  const file = process.env.GIA_OUTBOX_FILE;
  if (!file || !details?.Destination || details.DeliveryMedium !== 'EMAIL') return;
  mkdirSync(dirname(file), { recursive: true });
  const mail = {
    to: details.Destination,
    ...(await messageFor(source, userPoolId, clientId, user, code, clientMetadata)),
    sent_at: new Date().toISOString(),
  };
  appendFileSync(file, `${JSON.stringify(mail)}\n`);
};
