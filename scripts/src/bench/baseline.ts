/**
 * The "before" reference of the Lambda bundle budget (issue 12, "Lean functions"): each route
 * group's bundle on commit 5426078, before shared/ moved to zod/mini and before the SDK trims,
 * measured by `measureBundles()` with 11 interleaved cold imports per bundle on this machine
 * (2026-11-23, Node 20.20). docs/bench-baseline.md has the whole table and the method. The budget
 * a group is held to is `bundleBudget()` below.
 */
export const BASELINE: Record<string, { minifiedKb: number; importMs: number }> = {
  'bare DynamoDB client': { minifiedKb: 333, importMs: 94 },
  health: { minifiedKb: 507, importMs: 102 },
  auth: { minifiedKb: 889, importMs: 178 },
  admins: { minifiedKb: 882, importMs: 179 },
  catalogue: { minifiedKb: 995, importMs: 197 },
  'catalogue-admin': { minifiedKb: 1011, importMs: 193 },
  uploads: { minifiedKb: 1007, importMs: 196 },
  profile: { minifiedKb: 880, importMs: 185 },
  cart: { minifiedKb: 854, importMs: 162 },
  purchases: { minifiedKb: 993, importMs: 194 },
  favourites: { minifiedKb: 854, importMs: 165 },
  learning: { minifiedKb: 859, importMs: 162 },
  'learning-admin': { minifiedKb: 845, importMs: 152 },
  payments: { minifiedKb: 1203, importMs: 220 },
  ai: { minifiedKb: 1155, importMs: 200 },
};

/**
 * The budget (the product owner's decision in issue 28, which keeps the OpenAI and Cognito SDKs
 * and the Powertools Logger): every route group at most this many KB minified…
 */
export const MAX_BUNDLE_KB = 330;
/** …except these, which carry a library the product chose (ai: the OpenAI SDK, about 147 KB). */
export const MAX_BUNDLE_KB_OF: Readonly<Record<string, number>> = { ai: 500 };
/** The budget: a group's cold import at most this share of its baseline, scaled to the machine… */
export const MAX_IMPORT_SHARE = 0.6;
/**
 * …except health's, by design: its baseline had no storage client, and its readiness and session
 * checks need the DynamoDB client, which is most of its cold import.
 */
export const IMPORT_BUDGET_EXEMPT: ReadonlySet<string> = new Set(['health']);

/** A group's size limit in KB. */
export const maxBundleKbOf = (group: string): number => MAX_BUNDLE_KB_OF[group] ?? MAX_BUNDLE_KB;

/**
 * Whether a group's bundle meets its budget: its size within its limit, and its cold import
 * (`importShare`: its time over its baseline's time on this machine; `undefined` for a group made
 * after the baseline) within `MAX_IMPORT_SHARE`, unless the group is exempt from it.
 */
export function bundleBudget(group: string, minifiedKb: number, importShare: number | undefined) {
  const maxKb = maxBundleKbOf(group);
  const importHeld = importShare !== undefined && !IMPORT_BUDGET_EXEMPT.has(group);
  const sizeMet = minifiedKb <= maxKb;
  const importMet = !importHeld || importShare <= MAX_IMPORT_SHARE;
  return { maxKb, importHeld, sizeMet, importMet, met: sizeMet && importMet };
}
