import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadConfig } from './config.ts';
import { GiaStack } from './gia-stack.ts';

/**
 * The CDK app (cdk.json at the repository root): `npm run synth` offline, `npm run deploy` with
 * AWS credentials. One stack per stage: `GiaSchool-dev`, `GiaSchool-prod`.
 */
const app = new App();
const config = loadConfig(process.env, (key) => app.node.tryGetContext(key));
new GiaStack(app, `GiaSchool-${config.stage}`, {
  config,
  env: { account: config.account, region: config.region },
  description: 'GIA School: online course marketplace (site, API, data, identity, media)',
  tags: { app: 'gia-school', stage: config.stage },
});
// cdk-nag AwsSolutions on everything; an unacknowledged finding fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
