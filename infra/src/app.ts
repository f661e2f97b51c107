import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadConfig } from './config.ts';
import { GiaStack } from './gia-stack.ts';

/** The CDK app: `npm run synth` (offline) and `npm run deploy`. */
const config = loadConfig();
const app = new App();
new GiaStack(app, `GiaSchool-${config.stage}`, {
  config,
  env: { region: config.region, account: config.account },
  description: 'GIA School: course marketplace (API, data, identity, media, site).',
});
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
