// Which kind of paperwork a document is, from its wording alone, and why (`classification_notes`): a heading that
// names the type on the first page decides; otherwise the type whose telling phrases it uses most. Nothing is
// guessed from a file with no text: it is `other`, and the notes say there was nothing to read.
import { type DocumentType, documentTypeLabel } from "../../api/document-types";

interface Clues {
  /** What a heading says ("ARRIVAL NOTICE"), matched on the first lines of page 1. */
  headings: RegExp[];
  /** Phrases such a document uses, each worth a point. */
  phrases: [RegExp, string][];
}

const CLUES: Record<Exclude<DocumentType, "other">, Clues> = {
  arrival_notice: {
    headings: [/\barrival notice\b/i, /\bnotice of arrival\b/i],
    phrases: [
      [/\blast free day\b|\bLFD\b/i, "a last free day"],
      [/\bfree time\b/i, "free time"],
      [/\bETA\b|estimated time of arrival/i, "an ETA"],
      [/\bdemurrage\b/i, "demurrage"],
      [/\bcustoms clearance\b/i, "customs clearance"],
    ],
  },
  bill_of_lading: {
    headings: [/\bbill of lading\b/i, /\bsea ?waybill\b/i, /^\s*B\/L\s*$/i],
    phrases: [
      [/\bshipper\b/i, "a shipper"],
      [/\bconsignee\b/i, "a consignee"],
      [/\bnotify party\b/i, "a notify party"],
      [/\bport of (loading|lading)\b/i, "a port of loading"],
      [/\bparticulars furnished by shipper\b/i, "the shipper's particulars"],
      [/\bplace (and date )?of issue\b/i, "a place of issue"],
    ],
  },
  delivery_order: {
    headings: [/\bdelivery order\b/i, /\brelease order\b/i],
    phrases: [
      [/\bplease (release|deliver)\b/i, "a release instruction"],
      [/\b(trucker|drayage|motor carrier)\b/i, "a trucker"],
      [/\bpick ?up (number|location|at)\b/i, "a pickup"],
    ],
  },
  booking_confirmation: {
    headings: [/\bbooking confirmation\b/i, /\bbooking acknowledg(e)?ment\b/i],
    phrases: [
      [/\b(cy|vgm|si|doc(umentation)?) cut-?off\b/i, "cut-offs"],
      [/\bempty pick ?up\b/i, "an empty pickup"],
      [/\bbooking (no|number)\b/i, "a booking number"],
    ],
  },
  commercial_invoice: {
    headings: [/\bcommercial invoice\b/i, /^\s*invoice\s*$/i],
    phrases: [
      [/\binvoice (no|number|date)\b/i, "an invoice number"],
      [/\bunit price\b/i, "unit prices"],
      [/\btotal (amount|value)\b/i, "a total amount"],
      [/\bincoterms?\b|\b(FOB|CIF|EXW|DAP|DDP)\b/, "an incoterm"],
    ],
  },
  packing_list: {
    headings: [/\bpacking list\b/i, /\bpacking slip\b/i],
    phrases: [
      [/\bnet weight\b/i, "net weights"],
      [/\b(cartons|ctns|pallets)\b/i, "package counts"],
      [/\bdimensions?\b|\bcbm\b/i, "measurements"],
    ],
  },
};

export interface Classification {
  type: DocumentType;
  notes: string;
}

export function classify(pages: readonly string[]): Classification {
  const all = pages.join("\n");
  if (all.trim() === "")
    return { type: "other", notes: "No text to read (no text layer), so no type was guessed." };
  const heading = (pages[0] ?? "").split("\n").slice(0, 4).join("\n");
  const scores = Object.entries(CLUES).map(([type, clues]) => {
    const title = clues.headings.find((re) => re.test(heading));
    const matched = clues.phrases.filter(([re]) => re.test(all)).map(([, words]) => words);
    return { type: type as DocumentType, title: title ? heading.match(title)?.[0] : undefined, matched };
  });
  const titled = scores.filter((s) => s.title);
  const best = (titled.length > 0 ? titled : scores).sort((a, b) => b.matched.length - a.matched.length)[0]!;
  const uses = best.matched.length > 0 ? `it names ${words(best.matched)}` : undefined;
  if (best.title) {
    return {
      type: best.type,
      notes: `The first page's heading reads "${best.title.toUpperCase()}"${uses ? `, and ${uses}` : ""}.`,
    };
  }
  if (best.matched.length >= 2) {
    return {
      type: best.type,
      notes: `No heading names its type, but ${uses}, as a ${documentTypeLabel(best.type).toLowerCase()} does.`,
    };
  }
  return { type: "other", notes: "Its wording matches none of the known types closely enough to say." };
}

function words(list: string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list.at(-1)}`;
}
