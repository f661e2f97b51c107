import type { InputHTMLAttributes } from 'react';
import type { CatalogueEntity } from '@gia/shared/catalogue-tree.ts';
import type { Coupon } from '@gia/shared/admin-answers.ts';
import { COUPON_MESSAGES as C, type InsertCouponInput } from '@gia/shared/selling.ts';
import type { Problem } from '../../lib/field-problems.ts';

/*
 * The coupon form as data (as catalogue-fields.ts is for the catalogue's forms): its fields, what
 * a coupon may be limited to, and the conversions between a coupon and the form's text.
 */

/** What a coupon may be limited to, in the catalogue's words. */
export const SCOPES = [
  { entity: 'board', key: 'board_ids', label: 'Boards', one: 'a board', id: 'board_id' },
  { entity: 'class', key: 'class_ids', label: 'Classes', one: 'a class', id: 'class_id' },
  { entity: 'subject', key: 'subject_ids', label: 'Subjects', one: 'a subject', id: 'subject_id' },
] as const satisfies readonly {
  entity: CatalogueEntity;
  key: keyof InsertCouponInput;
  label: string;
  one: string;
  id: string;
}[];
export type ScopeKey = (typeof SCOPES)[number]['key'];

/** The fields a problem can be about (a server problem is placed by placeOf). */
export const FIELDS = [
  'code',
  'kind',
  'percent',
  'amount',
  'min_cart',
  'valid_from',
  'valid_to',
  'max_uses',
  'per_learner',
  'scope',
] as const;
export type FieldName = (typeof FIELDS)[number];
export type Errors = Partial<Record<FieldName, string>>;

/** The form's state as the inputs hold it: amounts in rupees, dates in the admin's local time. */
export interface CouponFormState extends Record<ScopeKey, string[]> {
  code: string;
  kind: 'percent' | 'flat';
  percent: string;
  amount: string;
  min_cart: string;
  valid_from: string;
  valid_to: string;
  max_uses: string;
  per_learner: string;
  enabled: boolean;
}

/** The input attributes a field may set beside its value, label, hint and error. */
type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>;

/** One text input of the coupon form, as data: the form draws each with a TextField. */
export interface CouponTextField {
  name:
    | 'code'
    | 'percent'
    | 'amount'
    | 'min_cart'
    | 'valid_from'
    | 'valid_to'
    | 'max_uses'
    | 'per_learner';
  id: string;
  label: string;
  hint?: string;
  /** Shown only for this kind of discount. */
  kind?: CouponFormState['kind'];
  /** Set once: disabled when a coupon is changed, with this hint instead. */
  fixed?: { hint: string };
  input?: InputAttributes;
}

/** The coupon's code, first in the form. */
export const CODE_FIELD: CouponTextField = {
  name: 'code',
  id: 'coupon-code',
  label: 'Code',
  hint: '3 to 32 letters, digits, - or _.',
  fixed: { hint: 'A code never changes.' },
  input: { maxLength: 32, autoCapitalize: 'characters', spellCheck: false },
};

/** The kinds of discount, offered as radios. */
export const DISCOUNT_KINDS: { value: CouponFormState['kind']; label: string }[] = [
  { value: 'percent', label: 'A percentage' },
  { value: 'flat', label: 'An amount in ₹' },
];

/** The inputs after the discount's kind, two to a row (a phone stacks them). */
export const FIELD_PAIRS: CouponTextField[][] = [
  [
    {
      name: 'percent',
      id: 'coupon-percent',
      label: 'Percent off',
      hint: '1 to 100.',
      kind: 'percent',
      input: { inputMode: 'numeric' },
    },
    {
      name: 'amount',
      id: 'coupon-amount',
      label: 'Amount off (₹)',
      hint: 'At least ₹1.',
      kind: 'flat',
      input: { inputMode: 'decimal' },
    },
    {
      name: 'min_cart',
      id: 'coupon-min-cart',
      label: 'Minimum cart (₹)',
      hint: 'Blank: any cart.',
      input: { inputMode: 'decimal', placeholder: '0' },
    },
  ],
  [
    {
      name: 'valid_from',
      id: 'coupon-from',
      label: 'Valid from',
      input: { type: 'datetime-local' },
    },
    { name: 'valid_to', id: 'coupon-to', label: 'Valid to', input: { type: 'datetime-local' } },
  ],
  [
    {
      name: 'max_uses',
      id: 'coupon-max-uses',
      label: 'Total uses',
      hint: 'Blank: no limit.',
      input: { inputMode: 'numeric', placeholder: 'No limit' },
    },
    {
      name: 'per_learner',
      id: 'coupon-per-learner',
      label: 'Uses per learner',
      input: { inputMode: 'numeric' },
    },
  ],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO time as a `datetime-local` input holds it (the admin's local time, to the minute). */
export function localInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value as an ISO time (blank or unreadable: as typed, the server names it). */
const isoOf = (local: string) => {
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? local : d.toISOString();
};

/** Paise as the form shows them in rupees: 10000 → "100", 4950 → "49.50". */
const rupeesText = (paise: number | undefined) =>
  paise === undefined ? '' : paise % 100 ? (paise / 100).toFixed(2) : String(paise / 100);

const RUPEES = /^\d{1,7}(\.\d{1,2})?$/;
const RUPEES_FORMAT = 'Type an amount in rupees, such as 50 or 49.50.';
const USES_FORMAT = 'Type a whole number of 1 or more, or leave it blank for no limit.';

/** Rupees typed as paise (blank: `blank`); undefined when not an amount. */
const paiseOf = (text: string, blank?: number) => {
  const t = text.trim().replace(/^₹\s*/, '').replaceAll(',', '');
  if (t === '') return blank;
  return RUPEES.test(t) ? Math.round(Number(t) * 100) : undefined;
};

/** The form's state for a coupon being changed, or for a new one (valid for 30 days from now). */
export function formOf(c?: Coupon): CouponFormState {
  const now = new Date();
  now.setSeconds(0, 0);
  const month = new Date(now.getTime() + 30 * 86_400_000);
  return {
    code: c?.code ?? '',
    kind: c?.kind ?? 'percent',
    percent: c?.percent === undefined ? '' : String(c.percent),
    amount: rupeesText(c?.amount_paise),
    min_cart: c?.min_cart_paise ? rupeesText(c.min_cart_paise) : '',
    valid_from: localInput(c?.valid_from ?? now.toISOString()),
    valid_to: localInput(c?.valid_to ?? month.toISOString()),
    max_uses: typeof c?.max_uses === 'number' ? String(c.max_uses) : '',
    per_learner: String(c?.per_learner ?? 1),
    board_ids: [...(c?.board_ids ?? [])],
    class_ids: [...(c?.class_ids ?? [])],
    subject_ids: [...(c?.subject_ids ?? [])],
    enabled: c?.enabled ?? true,
  };
}

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The coupon the API takes, or the amounts that are not amounts (checked here: rupees → paise). */
export function couponOf(f: CouponFormState): { coupon: InsertCouponInput } | { errors: Errors } {
  const amount = paiseOf(f.amount);
  const minCart = paiseOf(f.min_cart, 0);
  const errors: Errors = {};
  if (f.kind === 'flat' && amount === undefined) errors.amount = RUPEES_FORMAT;
  if (minCart === undefined) errors.min_cart = RUPEES_FORMAT;
  // Blank is "no limit" (null): anything else must be a count, never read as no limit.
  const maxUses = f.max_uses.trim();
  if (maxUses !== '' && !/^[1-9]\d{0,8}$/.test(maxUses)) errors.max_uses = USES_FORMAT;
  if (Object.keys(errors).length) return { errors };
  return {
    coupon: {
      code: f.code,
      kind: f.kind,
      ...(f.kind === 'percent'
        ? { percent: f.percent.trim() === '' ? undefined : numberOf(f.percent) }
        : { amount_paise: amount }),
      min_cart_paise: minCart ?? 0,
      valid_from: isoOf(f.valid_from),
      valid_to: isoOf(f.valid_to),
      max_uses: maxUses === '' ? null : Number(maxUses),
      per_learner: numberOf(f.per_learner),
      board_ids: f.board_ids,
      class_ids: f.class_ids,
      subject_ids: f.subject_ids,
      enabled: f.enabled,
    },
  };
}

/** A stored coupon as the API takes it back (its counts and times are the server's). */
export const inputOf = (c: Coupon): InsertCouponInput => ({
  code: c.code,
  kind: c.kind,
  ...(c.kind === 'percent' ? { percent: c.percent } : { amount_paise: c.amount_paise }),
  min_cart_paise: c.min_cart_paise,
  valid_from: c.valid_from,
  valid_to: c.valid_to,
  max_uses: c.max_uses ?? null,
  per_learner: c.per_learner,
  board_ids: c.board_ids ?? [],
  class_ids: c.class_ids ?? [],
  subject_ids: c.subject_ids ?? [],
  enabled: c.enabled,
});

/** The form field a server problem is about (whole-coupon problems by their message). */
export function placeOf(p: Problem): string {
  if (p.field === 'amount_paise') return 'amount';
  if (p.field === 'min_cart_paise') return 'min_cart';
  if (/^(board|class|subject)_ids/.test(p.field)) return 'scope';
  if (p.field !== '(body)') return p.field;
  const byMessage: Record<string, FieldName> = {
    [C.percentRange]: 'percent',
    [C.amountRange]: 'amount',
    [C.dates]: 'valid_to',
    [C.codeTaken]: 'code',
    [C.codeFormat]: 'code',
  };
  return byMessage[p.message] ?? p.field;
}
