import * as z from 'zod/mini';
import { registerMessages } from './message-codes.ts';

/*
 * The states of India with their GST state codes, and the texts of the seller's GST details and
 * of a learner's state (issue 18). Part of the selling rules (selling-rules.ts re-exports them),
 * with the schema of a learner's state, in a module of their own so that the profile's function,
 * which only checks a learner's state, does not bundle the coupons' texts and schemas.
 */

/** The states and union territories with their GST state codes (the first two digits of a GSTIN). */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const;

export type StateCode = (typeof INDIAN_STATES)[number]['code'];

const STATE_CODES = new Set<string>(INDIAN_STATES.map((s) => s.code));
export const isStateCode = (code: unknown): code is StateCode =>
  typeof code === 'string' && STATE_CODES.has(code);

export const SELLING_MESSAGES = {
  settingsLoaded: 'Seller settings loaded.',
  settingsSaved: 'Seller settings saved.',
  gstinFormat:
    'GSTIN must be 15 characters: the state code, the PAN, the entity number, Z and a check character.',
  gstinState: "The GSTIN's first two digits must be the seller's state code.",
  stateUnknown: 'Please choose a state of India.',
  sacFormat: 'SAC must be 6 digits.',
  rateRange: 'The GST rate must be a percentage from 0 to 28.',
  stateSaved: 'Your state is saved.',
  stateRequired: 'Please choose your state: it decides the GST on your invoice.',
} as const;

/** A learner's state: its GST code. */
export const buyerState = z
  .string({ error: SELLING_MESSAGES.stateUnknown })
  .check(z.refine(isStateCode, { error: SELLING_MESSAGES.stateUnknown }));

/** `updateUserState`: the learner's state, for the GST split of their orders. */
export const BuyerStateInput = z.object({ state: buyerState });
export type BuyerStateInput = z.infer<typeof BuyerStateInput>;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('selling', SELLING_MESSAGES, [
  'settingsLoaded',
  'settingsSaved',
  'gstinFormat',
  'gstinState',
  'sacFormat',
  'rateRange',
]);
