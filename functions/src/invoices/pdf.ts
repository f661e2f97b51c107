// fontkit's shaping of Indic scripts (Devanagari, Kannada) runs generators compiled for it.
import 'regenerator-runtime/runtime.js';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ToWords } from 'to-words';
import { INDIAN_STATES, type OrderPricing } from '@gia/shared/selling-rules.ts';
import type { SellerSettings } from '@gia/shared/selling.ts';
import { INVOICE_FONT_FILES } from './files.ts';
import { indianDate } from './numbering.ts';

/*
 * The PDF of a tax invoice or a credit note (pdf-lib with fontkit). Text is set in Noto Sans
 * (₹ included), and any Devanagari or Kannada in it (a learner's or a subject's name) in Noto
 * Sans Devanagari or Kannada, shaped by fontkit; each font is embedded as a subset.
 */

export interface InvoiceDocument {
  kind: 'invoice' | 'credit-note';
  number: string;
  /** When it was issued (ISO). */
  issued_at: string;
  /** A credit note's invoice. */
  invoice_number?: string;
  seller: SellerSettings;
  buyer: { name: string; email: string; state: string | null };
  order_id: string;
  payment_id: string;
  items: { name: string; price_paise: number }[];
  pricing: OrderPricing;
}

/** The fonts, from their packages (or, in the Lambda, the folder its bundle copies them to). */
const packages = createRequire(import.meta.url);
const fontPath = (file: string) =>
  process.env.INVOICE_FONT_DIR
    ? join(process.env.INVOICE_FONT_DIR, file.split('/').pop()!)
    : packages.resolve(file);

let fontBytes: Promise<Record<keyof typeof INVOICE_FONT_FILES, Buffer>> | undefined;
const loadFonts = () =>
  (fontBytes ??= (async () => {
    const entries = await Promise.all(
      Object.entries(INVOICE_FONT_FILES).map(
        async ([k, f]) => [k, await readFile(fontPath(f))] as const,
      ),
    );
    return Object.fromEntries(entries) as Record<keyof typeof INVOICE_FONT_FILES, Buffer>;
  })());

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  devanagari: PDFFont;
  kannada: PDFFont;
}

/** The font for a character's script: Devanagari, Kannada, else Latin (regular or bold). */
function scriptOf(ch: string): 'devanagari' | 'kannada' | undefined {
  const c = ch.codePointAt(0) ?? 0;
  if (c >= 0x0900 && c <= 0x097f) return 'devanagari';
  if (c >= 0x0c80 && c <= 0x0cff) return 'kannada';
  return undefined;
}

/** A text split into runs of one font each (marks and joiners stay with their letters). */
function runs(text: string, fonts: Fonts, base: PDFFont): { text: string; font: PDFFont }[] {
  const out: { text: string; font: PDFFont }[] = [];
  for (const ch of text) {
    const script = scriptOf(ch);
    const joiner = ch === '\u200c' || ch === '\u200d';
    const font = script ? fonts[script] : joiner && out.length ? out.at(-1)!.font : base;
    const last = out.at(-1);
    if (last && (last.font === font || (ch === ' ' && last.font !== base))) last.text += ch;
    else out.push({ text: ch, font });
  }
  return out;
}

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.4, 0.45);

class Writer {
  constructor(
    readonly page: PDFPage,
    readonly fonts: Fonts,
  ) {}

  width(text: string, size: number, bold = false) {
    const base = bold ? this.fonts.bold : this.fonts.regular;
    return runs(text, this.fonts, base).reduce(
      (w, r) => w + r.font.widthOfTextAtSize(r.text, size),
      0,
    );
  }

  text(
    text: string,
    x: number,
    y: number,
    o: { size?: number; bold?: boolean; muted?: boolean; right?: boolean } = {},
  ) {
    const size = o.size ?? 10;
    const base = o.bold ? this.fonts.bold : this.fonts.regular;
    let at = o.right ? x - this.width(text, size, o.bold) : x;
    for (const r of runs(text, this.fonts, base)) {
      this.page.drawText(r.text, { x: at, y, size, font: r.font, color: o.muted ? MUTED : INK });
      at += r.font.widthOfTextAtSize(r.text, size);
    }
  }

  /** Lines of at most `max` points wide (words kept whole where they fit). */
  wrap(text: string, max: number, size: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size) <= max || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  rule(y: number, x1 = 48, x2 = 547) {
    this.page.drawLine({
      start: { x: x1, y },
      end: { x: x2, y },
      thickness: 0.6,
      color: rgb(0.8, 0.81, 0.84),
    });
  }
}

/** ₹ with Indian digit grouping and paise: ₹1,23,456.50. */
export const inr = (paise: number) =>
  `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const words = new ToWords({ localeCode: 'en-IN', converterOptions: { currency: true } });

/** An amount in words, the Indian way: "One Lakh Twenty Three Thousand … Rupees Only". */
export const inWords = (paise: number) => words.convert(paise / 100);

const stateName = (code: string | null | undefined) =>
  INDIAN_STATES.find((s) => s.code === code)?.name ?? '';

/** The PDF of an invoice or a credit note. */
export async function renderInvoice(doc: InvoiceDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const bytes = await loadFonts();
  const regular = await pdf.embedFont(bytes.regular, { subset: true });
  // An Indic font is embedded only when a name needs it (each costs its subset's bytes and time).
  const texts = [
    doc.buyer.name,
    doc.seller.legal_name,
    doc.seller.address,
    ...doc.items.map((i) => i.name),
  ];
  const scripts = new Set([...texts.join('')].map(scriptOf).filter(Boolean));
  const fonts: Fonts = {
    regular,
    bold: await pdf.embedFont(bytes.bold, { subset: true }),
    devanagari: scripts.has('devanagari')
      ? await pdf.embedFont(bytes.devanagari, { subset: true })
      : regular,
    kannada: scripts.has('kannada')
      ? await pdf.embedFont(bytes.kannada, { subset: true })
      : regular,
  };
  const credit = doc.kind === 'credit-note';
  const title = credit ? 'Credit Note' : 'Tax Invoice';
  pdf.setTitle(`${title} ${doc.number}`);
  pdf.setAuthor(doc.seller.legal_name);
  pdf.setCreationDate(new Date(doc.issued_at));
  pdf.setModificationDate(new Date(doc.issued_at));
  const page = pdf.addPage([595.28, 841.89]);
  const w = new Writer(page, fonts);
  const { seller, buyer, pricing } = doc;
  const place = buyer.state ?? seller.state;
  let y = 790;

  w.text(title, 48, y, { size: 20, bold: true });
  w.text(doc.number, 547, y + 4, { size: 11, bold: true, right: true });
  w.text(`Date: ${indianDate(doc.issued_at)}`, 547, y - 12, { size: 9, right: true });
  if (doc.invoice_number)
    w.text(`Against invoice ${doc.invoice_number}`, 547, y - 24, { size: 9, right: true });
  y -= 40;

  // Seller and buyer side by side.
  const block = (x: number, heading: string, lines: string[]) => {
    let at = y;
    w.text(heading, x, at, { size: 8, muted: true });
    at -= 14;
    for (const [i, line] of lines.entries()) {
      for (const part of w.wrap(line, 230, 10)) {
        w.text(part, x, at, { size: 10, bold: i === 0 });
        at -= 13;
      }
    }
    return at;
  };
  const sellerEnd = block(48, 'SOLD BY', [
    seller.legal_name,
    seller.address,
    `${stateName(seller.state)} (state code ${seller.state})`,
    `GSTIN: ${seller.gstin}`,
  ]);
  const buyerEnd = block(317, 'BILLED TO', [
    buyer.name || buyer.email,
    buyer.email,
    buyer.state ? `${stateName(buyer.state)} (state code ${buyer.state})` : 'State not given',
    `Place of supply: ${stateName(place)} (${place})`,
  ]);
  y = Math.min(sellerEnd, buyerEnd) - 6;
  w.text(`Order ${doc.order_id}   Payment ${doc.payment_id}`, 48, y, { size: 8, muted: true });
  y -= 18;

  // The items, at their tax-inclusive prices.
  w.rule(y + 12);
  w.text('Description', 48, y, { size: 9, bold: true });
  w.text('SAC', 400, y, { size: 9, bold: true });
  w.text('Amount (incl. GST)', 547, y, { size: 9, bold: true, right: true });
  y -= 8;
  w.rule(y);
  y -= 14;
  for (const item of doc.items) {
    const lines = w.wrap(item.name, 330, 10);
    for (const [i, line] of lines.entries()) {
      w.text(line, 48, y, { size: 10 });
      if (i === 0) {
        w.text(seller.sac, 400, y, { size: 10 });
        w.text(inr(item.price_paise), 547, y, { size: 10, right: true });
      }
      y -= 13;
    }
    y -= 3;
  }
  w.rule(y + 6);
  y -= 10;

  // The totals: the discount, then the taxable value and the tax inside the total.
  const row = (label: string, amount: string, bold = false) => {
    w.text(label, 400, y, { size: 10, bold, right: true });
    w.text(amount, 547, y, { size: 10, bold, right: true });
    y -= 15;
  };
  row('Subtotal', inr(pricing.subtotal));
  if (pricing.discount > 0)
    row(
      `Discount${pricing.coupon ? ` (${pricing.coupon.code})` : ''}`,
      `−${inr(pricing.discount)}`,
    );
  row('Taxable value', inr(pricing.taxable));
  const rate = pricing.rate_percent;
  if (pricing.tax.igst > 0 || (pricing.tax.cgst === 0 && pricing.tax.sgst === 0)) {
    row(`IGST @ ${rate}%`, inr(pricing.tax.igst));
  } else {
    row(`CGST @ ${rate / 2}%`, inr(pricing.tax.cgst));
    row(`SGST @ ${rate / 2}%`, inr(pricing.tax.sgst));
  }
  w.rule(y + 10, 300);
  y -= 2;
  row(credit ? 'Total credited' : 'Total', inr(pricing.total), true);
  y -= 4;
  for (const line of w.wrap(`Amount in words: ${inWords(pricing.total)}`, 499, 9)) {
    w.text(line, 48, y, { size: 9 });
    y -= 12;
  }
  y -= 10;
  const note = credit
    ? 'This credit note reverses the invoice above in full; the amount is refunded to the original payment method.'
    : 'Prices include GST. Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.';
  for (const line of w.wrap(note, 499, 8)) {
    w.text(line, 48, y, { size: 8, muted: true });
    y -= 11;
  }
  // Without object streams the fonts stay named in plain dictionaries (the tests look for them).
  return pdf.save({ useObjectStreams: false });
}
