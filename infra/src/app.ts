import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { loadConfig } from './config.ts';
import { createStacks } from './stacks.ts';

/**
 * The CDK app (cdk.json at the repository root): `npm run synth` offline, `npm run deploy` with
 * AWS credentials. Per stage (`dev`, `prod`): `GiaSchool-<stage>` in the configured region and
 * `GiaSchool-<stage>-edge` (the WAF web ACL) in us-east-1.
 */
const app = new App();
const config = loadConfig(process.env, (key) => app.node.tryGetContext(key));
createStacks(app, config);
// cdk-nag AwsSolutions on everything; an unacknowledged finding fails the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
