/**
 * The demo catalogue's artwork: small SVG illustrations drawn from a record's name, so the demo
 * looks like a product rather than flat gradients. Deterministic (the same name gives the same
 * picture), a few KB each, and inert: shapes and text only, no script, no external reference, and
 * every name escaped. Cards show them at 16:9 with `object-fit: cover`, and board tiles crop their
 * centre square, so every picture keeps its emblem in the middle.
 */

const W = 640;
const H = 360;

/** Background pairs (dark enough that white text on them keeps 4.5:1). */
const PALETTES: readonly [string, string][] = [
  ['#1e3a8a', '#2563eb'],
  ['#065f46', '#0f766e'],
  ['#7c2d12', '#c2410c'],
  ['#581c87', '#7c3aed'],
  ['#831843', '#be185d'],
  ['#164e63', '#0e7490'],
];

/** A small stable hash (FNV-1a), so a name always picks the same colours. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Text as SVG character data: the five XML specials escaped, control characters dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

/** At most `max` characters, with an ellipsis when cut. */
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** What a subject is about, from its name (or its sub-subject's, chapter's…). */
export type Motif = 'maths' | 'physics' | 'chemistry' | 'biology' | 'language' | 'social' | 'book';

const MOTIF_WORDS: [Motif, RegExp][] = [
  [
    'maths',
    /math|algebra|geometr|number|statistic|mean|median|trigon|calculus|equation|triangle|arithmetic/i,
  ],
  ['physics', /physic|science|mechanic|force|light|motion|electric|energy|wave|sound/i],
  ['chemistry', /chemi|acid|base|salt|element|reaction|atom|molecul/i],
  ['biology', /biolog|botany|zoolog|living|cell|plant|life|gene/i],
  ['language', /english|grammar|tense|hindi|kannada|sanskrit|language|literat|poem|prose|writing/i],
  ['social', /social|histor|geograph|civic|econom|politic|world|map/i],
];

/** The first motif whose words appear in one of the names (most specific name first). */
export function motifFor(...names: string[]): Motif {
  for (const name of names)
    for (const [motif, words] of MOTIF_WORDS) if (words.test(name)) return motif;
  return 'book';
}

const ART: Record<Motif, string> = {
  maths:
    '<path d="M430 250l70-130 70 130z" fill="none" stroke="#fff" stroke-width="8" stroke-linejoin="round" opacity=".9"/>' +
    '<circle cx="540" cy="90" r="42" fill="none" stroke="#fde68a" stroke-width="8"/>' +
    '<rect x="420" y="40" width="56" height="56" rx="6" fill="none" stroke="#fff" stroke-width="8" opacity=".6" transform="rotate(12 448 68)"/>' +
    '<g font-family="sans-serif" font-weight="700" fill="#fff"><text x="470" y="320" font-size="44" opacity=".85">π</text>' +
    '<text x="395" y="300" font-size="40" opacity=".7">x²</text><text x="560" y="300" font-size="48" fill="#fde68a">÷</text>' +
    '<text x="585" y="190" font-size="44" opacity=".6">7</text></g>',
  physics:
    '<g fill="none" stroke="#fff" stroke-width="7" opacity=".9"><ellipse cx="490" cy="180" rx="110" ry="40"/>' +
    '<ellipse cx="490" cy="180" rx="110" ry="40" transform="rotate(60 490 180)"/>' +
    '<ellipse cx="490" cy="180" rx="110" ry="40" transform="rotate(-60 490 180)"/></g>' +
    '<circle cx="490" cy="180" r="20" fill="#fde68a"/><circle cx="600" cy="180" r="10" fill="#fff"/>' +
    '<circle cx="435" cy="85" r="10" fill="#fff"/>',
  chemistry:
    '<path d="M465 70h50v70l60 120a16 16 0 0 1-14 22H419a16 16 0 0 1-14-22l60-120z" fill="#fff" opacity=".95"/>' +
    '<path d="M432 230h116l20 40a10 10 0 0 1-9 14H421a10 10 0 0 1-9-14z" fill="#34d399"/>' +
    '<circle cx="470" cy="250" r="9" fill="#fff"/><circle cx="505" cy="262" r="6" fill="#fff"/>' +
    '<circle cx="560" cy="90" r="14" fill="none" stroke="#fde68a" stroke-width="6"/>' +
    '<circle cx="590" cy="140" r="9" fill="#fde68a"/><rect x="455" y="60" width="70" height="16" rx="6" fill="#fff"/>',
  biology:
    '<path d="M420 280c0-120 80-190 190-200-10 110-80 200-190 200z" fill="#86efac"/>' +
    '<path d="M430 270c40-60 90-110 160-170" stroke="#065f46" stroke-width="7" fill="none" stroke-linecap="round"/>' +
    '<ellipse cx="420" cy="110" rx="52" ry="38" fill="none" stroke="#fff" stroke-width="7"/>' +
    '<circle cx="430" cy="112" r="14" fill="#fde68a"/>',
  language:
    '<path d="M390 250l100-20 100 20V90l-100-20-100 20z" fill="#fff" opacity=".95"/>' +
    '<path d="M490 70v160" stroke="#cbd5e1" stroke-width="4"/>' +
    '<g font-family="Georgia, serif" font-weight="700"><text x="405" y="170" font-size="64" fill="#1e3a8a">A</text>' +
    '<text x="505" y="170" font-size="64" fill="#be185d">a</text></g>' +
    '<g font-family="Georgia, serif" font-size="40" fill="#fff" opacity=".7" font-weight="700"><text x="580" y="300">Z</text><text x="390" y="310">b</text></g>',
  social:
    '<circle cx="490" cy="180" r="110" fill="#38bdf8"/>' +
    '<path d="M430 100c30 10 40 40 20 60s10 50 40 40 30 40 10 70M540 95c-20 30 10 50 40 40M560 230c-20 10-30 30-20 50" stroke="#166534" stroke-width="22" fill="none" stroke-linecap="round"/>' +
    '<g fill="none" stroke="#fff" stroke-width="4" opacity=".8"><ellipse cx="490" cy="180" rx="45" ry="110"/><path d="M380 180h220M395 125h190M395 235h190"/></g>',
  book:
    '<path d="M380 110c40-20 80-20 110 0v160c-30-20-70-20-110 0z" fill="#fff"/>' +
    '<path d="M600 110c-40-20-80-20-110 0v160c30-20 70-20 110 0z" fill="#e2e8f0"/>' +
    '<g stroke="#94a3b8" stroke-width="5" stroke-linecap="round"><path d="M405 140h60M405 165h60M405 190h45M515 140h60M515 165h60M515 190h45"/></g>' +
    '<path d="M560 60l8 16 18 2-13 12 4 18-17-9-17 9 4-18-13-12 18-2z" fill="#fde68a"/>',
};

function frame(seed: string, body: string, label: string): string {
  const [from, to] = PALETTES[hash(seed) % PALETTES.length] ?? ['#1e3a8a', '#2563eb'];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${escapeXml(label)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#g)"/>` +
    `<circle cx="560" cy="40" r="140" fill="#fff" opacity=".06"/><circle cx="60" cy="340" r="120" fill="#fff" opacity=".05"/>` +
    body +
    '</svg>'
  );
}

/** The name and a small caption on the left of a card picture. */
function caption(title: string, sub: string): string {
  const t = escapeXml(clip(title, 18));
  const size = title.length > 12 ? 32 : 40;
  return (
    `<g font-family="system-ui, sans-serif" fill="#fff"><text x="40" y="${sub ? 170 : 190}" font-size="${size}" font-weight="800">${t}</text>` +
    (sub
      ? `<text x="40" y="215" font-size="24" opacity=".9">${escapeXml(clip(sub, 28))}</text>`
      : '') +
    '</g>'
  );
}

/** A board's logo: its initials in a ringed emblem, centred (tiles crop the middle square). */
export function boardLogo(boardName: string): string {
  const initials = escapeXml(
    boardName
      .replace(/[^\p{L}\p{N}]/gu, '')
      .slice(0, 4)
      .toUpperCase(),
  );
  const size = initials.length > 3 ? 52 : 72;
  return frame(
    `board:${boardName}`,
    '<circle cx="320" cy="180" r="130" fill="#fff" opacity=".14"/>' +
      '<circle cx="320" cy="180" r="108" fill="#fff"/>' +
      '<circle cx="320" cy="180" r="96" fill="none" stroke="#1e3a8a" stroke-width="6" stroke-dasharray="4 10"/>' +
      `<text x="320" y="${180 + size * 0.35}" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${size}" font-weight="800" fill="#1e3a8a">${initials}</text>` +
      '<path d="M284 262l36-14 36 14-36 14z" fill="#f59e0b"/>',
    `${boardName} logo`,
  );
}

/** A class's picture: its grade as a big numeral (or its name) with a graduation cap. */
export function classArt(className: string, boardName: string): string {
  const grade = /\d+/.exec(className)?.[0] ?? '';
  const numeral = escapeXml(grade || clip(className, 6));
  return frame(
    `class:${boardName}:${className}`,
    caption(className, boardName) +
      `<text x="500" y="250" text-anchor="middle" font-family="system-ui, sans-serif" font-size="${grade ? 170 : 90}" font-weight="900" fill="#fff" opacity=".92">${numeral}</text>` +
      '<path d="M430 90l70-28 70 28-70 28z" fill="#fde68a"/><path d="M462 104v26c0 10 76 10 76 0v-26l-38 15z" fill="#fbbf24"/>',
    `${className}, ${boardName}`,
  );
}

/**
 * A subject's (or sub-subject's, chapter's, topic's) picture: a motif for what it is about, from
 * its own name first and then its parents' (a chapter "Triangles" of Mathematics gets shapes).
 */
export function subjectArt(title: string, subtitle: string, ...context: string[]): string {
  const motif = motifFor(title, ...context);
  return frame(`${motif}:${title}:${subtitle}`, ART[motif] + caption(title, subtitle), title);
}

/** A testimonial's portrait: the person's initials on a coloured disc. */
export function avatar(name: string): string {
  const [from] = PALETTES[hash(`person:${name}`) % PALETTES.length] ?? ['#1e3a8a'];
  const initials = escapeXml(
    name
      .split(/\s+/)
      .map((w) => w.slice(0, 1))
      .join('')
      .slice(0, 2)
      .toUpperCase(),
  );
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96" role="img" aria-label="${escapeXml(name)}">` +
    `<circle cx="48" cy="48" r="48" fill="${from}"/>` +
    `<text x="48" y="60" text-anchor="middle" font-family="system-ui, sans-serif" font-size="34" font-weight="700" fill="#fff">${initials}</text></svg>`
  );
}

/** A file-name-safe key part for a record's picture. */
export const slug = (...parts: string[]) =>
  parts
    .join('-')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
