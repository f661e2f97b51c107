import { userItems } from '../db/learner.ts';
import { subjectCards } from './subjects.ts';

/** The subjects a learner owns, with names, newest grants last. */
export async function purchasedSubjects(userId: string) {
  const grants = await userItems(userId, 'GRANT#');
  const cards = await subjectCards(grants.map((g) => String(g.subject_id)));
  return grants
    .map((g) => {
      const c = cards.get(String(g.subject_id));
      if (!c) return undefined;
      return {
        subject_id: c.subject_id,
        subject_name: c.subject_name,
        subject_price: c.subject_price,
        class_id: c.class_id,
        class_name: c.class_name,
        class_price: c.class_price,
        board_id: c.board_id,
        board_name: c.board_name,
        subject_image_url: c.subject_image_url,
        purchased_at: g.purchased_at,
      };
    })
    .filter((r) => r !== undefined);
}

/** The learner's payments, newest first. */
export async function paymentHistory(userId: string) {
  return (await userItems(userId, 'PAYMENT#', true)).map(({ type: _t, ...p }) => p);
}
