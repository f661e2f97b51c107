import { resolve } from 'node:path';
import { startLocalStack } from './local-stack.ts';

/**
 * `npm start`: the whole product on one port. Configuration (all optional): PORT, DATA_DIR,
 * SEED_DEMO, ADMIN_EMAIL, ADMIN_PASSWORD — see the README.
 */
async function main() {
  const stack = await startLocalStack({
    port: Number(process.env.PORT ?? 3000),
    dataDir: resolve(process.env.DATA_DIR ?? '.data'),
    adminEmail: process.env.ADMIN_EMAIL ?? 'admin@gia.local',
    adminPassword: process.env.ADMIN_PASSWORD,
    seedDemo: (process.env.SEED_DEMO ?? '1') !== '0',
  });

  console.log(`
GIA School is running at ${stack.url}

  Admin:        ${stack.admin.email} / ${stack.admin.password}   (sign in at ${stack.url}/AdminLoginNew)
${stack.demoLearner ? `  Demo learner: ${stack.demoLearner.email} / ${stack.demoLearner.password}   (sign in at ${stack.url}/signin)\n` : ''}
  Health:       ${stack.url}/api/health
  Stop with Ctrl+C; data stays in ${resolve(process.env.DATA_DIR ?? '.data')}.
`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Could not start the local stack:', err);
  process.exit(1);
});
