/*
 * What a learner owns and paid, as the learner's reads answer it: `getsubjects_purchased` and
 * `getUserClassPurchased` (./owned.ts), `getpayment_history` (./receipts.ts). Recording a payment
 * answers the subjects owned too (payments/handler.ts, issue 30).
 */
import { grants } from '../../db/learner.ts';
import { withSubjectCards } from '../entitlement/index.ts';

/**
 * Whether a read must see a write just made (`consistent`): the answer of recording a payment
 * carries what it changed.
 */
export interface Consistency {
  consistent?: boolean;
}

/** The subjects a learner owns, with their class and board, oldest grant first. */
async function ownedSubjects(userId: string, options: Consistency = {}) {
  return withSubjectCards(await grants(userId, options), (g, c) => ({
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
  }));
}

/** `getsubjects_purchased`: the subjects a learner owns, with names (prices left out). */
export async function purchasedSubjects(userId: string, options: Consistency = {}) {
  return (await ownedSubjects(userId, options)).map(
    ({ subject_price: _p, class_price: _c, ...r }) => r,
  );
}

/** `getUserClassPurchased`: the owned subjects with their classes, boards and prices. */
export async function purchasedClasses(userId: string) {
  return (await ownedSubjects(userId)).map((r) => ({
    board_name: r.board_name,
    class_id: r.class_id,
    class_name: r.class_name,
    class_price: r.class_price,
    subject_id: r.subject_id,
    subject_name: r.subject_name,
    subject_price: r.subject_price,
  }));
}
