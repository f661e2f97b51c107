/**
 * The "before" reference of the Lambda bundle budget (issue 12, "Lean functions"): each route
 * group's bundle on commit 5426078, before shared/ moved to zod/mini and before the SDK trims,
 * measured by `measureBundles()` with 11 interleaved cold imports per bundle on this machine
 * (2026-11-23, Node 20.20). docs/bench-baseline.md has the whole table and the method. A group
 * passes when its bundle is ≤ 300 KB minified and its cold import ≤ 60% of its time here.
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

/** The budget: every route group at most this many KB minified. */
export const MAX_BUNDLE_KB = 300;
/** The budget: a group's cold import at most this share of its baseline. */
export const MAX_IMPORT_SHARE = 0.6;
