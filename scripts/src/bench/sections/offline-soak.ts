import type { BenchContext } from '../demo.ts';
import { offlineSoak } from '../offline-soak.ts';
import { table, type Part } from '../report.ts';

/** The measure (issue 32): 200 simulated learners × 20 answers made offline. */
const LEARNERS = Number(process.env.BENCH_SOAK_LEARNERS ?? 200);
const ANSWERS_EACH = 20;

/**
 * "Offline answers soak": learners answer saved practice offline, then send their queues through
 * the real API with drops, duplicate sends and second tabs; the API's own counts afterwards must
 * show every answer once.
 */
export async function offlineSoakSection(ctx: BenchContext): Promise<Part> {
  const r = await offlineSoak({
    api: ctx.api,
    adminToken: ctx.admin,
    learners: LEARNERS,
    answersEach: ANSWERS_EACH,
  });
  const ok = r.lost === 0 && r.doubled === 0 && r.refused === 0 && r.wrongScores === 0;
  return {
    rows: [
      {
        what: `Offline answers soak (${r.learners} learners × ${ANSWERS_EACH}): lost / doubled`,
        value: `${r.lost} / ${r.doubled}`,
        budget: '0 / 0',
        met: r.lost === 0 && r.doubled === 0,
      },
    ],
    sections: [
      [
        '## Offline answers soak',
        '',
        `${r.learners} simulated learners each answer ${ANSWERS_EACH} questions of their saved practice packs offline, then send their queue as the app's outbox does (oldest first, each answer with its device-made \`client_id\`) through the real API, while 20% of sends are lost (half before the server, half on the way back), 20% go out twice at once, and 30% of learners have a second tab flushing the same queue. The counts come from the API afterwards (the admin's per-question statistics of the soak's topic, which count each counted answer once).`,
        '',
        table(
          ['measure', 'result'],
          [
            ['answers made offline', r.made],
            ['answers the API counted', r.counted],
            ['lost', r.lost],
            ['doubled', r.doubled],
            ['requests sent', r.requests],
            ['requests lost by the network', r.dropped],
            ['answers sent twice at once', r.duplicates],
            ['learners with a second tab', r.twoTabLearners],
            ['answers refused (a resend not recognised)', r.refused],
            ["packs whose score differs from the device's grading", r.wrongScores],
            ['time', `${r.seconds.toFixed(1)} s`],
          ],
        ),
        '',
        ok ? 'Nothing lost, nothing doubled.' : '**Answers were lost, doubled or refused.**',
      ].join('\n'),
    ],
  };
}
