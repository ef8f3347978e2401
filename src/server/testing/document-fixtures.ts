// Paperwork made by the tests themselves (pdf-lib), never real customers' papers: a bill of lading and an
// arrival notice with known numbers, dates and one container number whose check digit is wrong, plus the hostile
// files of the bad-input tests (an encrypted PDF, a broken one, a zip bomb in a content stream, 10,000 pages).
// The e2e tests and the benchmark write the same files to disk (`writeDocumentFixtures`).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDeflate } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { iso6346CheckDigit } from "../../api/container-number";

const withCheckDigit = (ownerAndSerial: string) => `${ownerAndSerial}${iso6346CheckDigit(ownerAndSerial)}`;

/** The numbers and facts the fixtures print, which extraction must find exactly. */
export const FIXTURE = {
  billOfLading: "MAEU262518034",
  containers: [withCheckDigit("MSKU726153"), withCheckDigit("MSKU440291")],
  /** Printed as a container number, with its last digit one off: extraction refuses it. */
  badContainer: `MRKU441283${(iso6346CheckDigit("MRKU441283") + 1) % 10}`,
  booking: "262518111",
  reference: "PO-4471",
  vessel: "MAERSK EMDEN",
  voyage: "612E",
  pol: { locode: "CNSHA", name: "Shanghai" },
  pod: { locode: "USLAX", name: "Los Angeles" },
  eta: "2026-12-04",
  lastFreeDay: "2026-12-09",
  freeTimeDays: 5,
} as const;

type Line = string | [string, number];

async function pdfOf(pages: Line[][], title?: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  if (title) doc.setTitle(title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const line of lines) {
      const [text, size] = typeof line === "string" ? [line, 11] : line;
      page.drawText(text, { x: 48, y, size, font: size > 11 ? bold : font });
      y -= size + 9;
    }
  }
  return doc.save();
}

/**
 * A three-page bill of lading: its number, two good container numbers and one with a wrong check digit. A copy
 * number makes each copy's bytes its own (a benchmark uploads a hundred; the same bytes twice are a 409).
 */
export function billOfLadingPdf(copy?: number): Promise<Uint8Array> {
  const f = FIXTURE;
  return pdfOf(
    [
      [
        ["BILL OF LADING", 18],
        "Maersk A/S - Ocean Bill of Lading (not negotiable unless consigned to order)",
        `Bill of Lading No.: ${f.billOfLading}`,
        "Shipper: Ningbo Bright Lamps Co., Ltd., Ningbo, China",
        "Consignee: Pacific Coast Home Goods Inc., Los Angeles, CA",
        "Notify Party: Same as consignee",
        `Our reference: ${f.reference}`,
        `Vessel: ${f.vessel}   Voyage No.: ${f.voyage}`,
        `Port of Loading: ${f.pol.name}, China`,
        `Port of Discharge: ${f.pod.name}, CA`,
      ],
      [
        ["PARTICULARS FURNISHED BY SHIPPER", 14],
        "Container No. / Seal No. / Marks / Packages / Description / Gross weight",
        `${f.containers[0]} / SL-778812 / 1,120 CTNS LED LAMPS / 18,420 KGS`,
        `${f.containers[1]} / SL-778813 / 980 CTNS LED LAMPS / 16,110 KGS`,
        `${f.badContainer} / SL-778814 / 400 CTNS LAMP SHADES / 6,050 KGS`,
        "Total: 3 containers, 2,500 cartons",
        ...(copy === undefined ? [] : [`Copy ${copy}`]),
      ],
      [
        ["TERMS AND CONDITIONS", 14],
        "Received by the Carrier the Goods as specified above in apparent good order and condition.",
        "Freight prepaid. Place and date of issue: Ningbo, 2026-11-12.",
      ],
    ],
    "Bill of lading",
  );
}

/** An arrival notice for the same bill of lading: ETA, last free day and free time. */
export function arrivalNoticePdf(): Promise<Uint8Array> {
  const f = FIXTURE;
  return pdfOf(
    [
      [
        ["ARRIVAL NOTICE", 18],
        "Maersk Line Agency - Notice of arrival of cargo",
        `B/L No: ${f.billOfLading}`,
        `Booking No.: ${f.booking}`,
        `Vessel / Voyage: ${f.vessel} / ${f.voyage}`,
        `Port of Loading: ${f.pol.name}`,
        `Port of Discharge: ${f.pod.name} (${f.pod.locode})`,
        `ETA: ${f.eta}`,
        `Last Free Day: ${f.lastFreeDay}`,
        `Free time: ${f.freeTimeDays} days`,
        `Containers: ${f.containers[0]}, ${f.containers[1]}`,
        "Please arrange customs clearance and pickup before the last free day to avoid demurrage.",
      ],
    ],
    "Arrival notice",
  );
}

/**
 * A PDF written by hand, object by object, with a classic cross-reference table: for the hostile files, whose
 * shape pdf-lib will not write (an /Encrypt entry) or writes slowly (10,000 pages).
 */
function handWrittenPdf(objects: (string | Uint8Array)[], trailerExtra = ""): Uint8Array {
  const parts: Buffer[] = [Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = parts[0]!.byteLength;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : Buffer.from(body),
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    parts.push(part);
    length += part.byteLength;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`]
    .concat(offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`))
    .join("");
  parts.push(
    Buffer.from(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${length}\n%%EOF\n`,
      "latin1",
    ),
  );
  return Buffer.concat(parts);
}

/** A PDF encrypted with the standard security handler whose user password is not empty. */
export function encryptedPdf(): Uint8Array {
  const hex = (byte: string) => byte.repeat(32);
  return handWrittenPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      `<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex("ab")}> /U <${hex("cd")}> /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<${hex("01").slice(0, 32)}> <${hex("01").slice(0, 32)}>]`,
  );
}

export const brokenPdf = () =>
  new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >>\n%%EOF broken");

/** One page whose content stream inflates from about a megabyte to `inflatedMb` MB of spaces. */
export async function zipBombPdf(inflatedMb = 600): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => parts.push(chunk));
  const done = new Promise<void>((resolve) => deflate.on("end", resolve));
  const block = Buffer.alloc(1024 * 1024, 0x20);
  for (let i = 0; i < inflatedMb; i++) {
    if (!deflate.write(block)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await done;
  const compressed = Buffer.concat(parts);
  return handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    Buffer.concat([
      Buffer.from(`<< /Length ${compressed.byteLength} /Filter /FlateDecode >>\nstream\n`, "latin1"),
      compressed,
      Buffer.from("\nendstream", "latin1"),
    ]),
  ]);
}

/** A PDF of `pages` empty pages. */
export function manyPagesPdf(pages = 10_000): Uint8Array {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(" ");
  return handWrittenPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`,
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"),
  ]);
}

/** The smallest valid PNG (one white pixel), padded to `bytes` with a trailing chunk of zeros when asked. */
export function pngImage(bytes = 0): Uint8Array {
  const base = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010802000000907753de0000000c4944415408d763f8ffff3f0005fe02fea7d3a4a60000000049454e44ae426082",
    "hex",
  );
  return bytes <= base.byteLength ? base : Buffer.concat([base, Buffer.alloc(bytes - base.byteLength)]);
}

/** Writes the two fixtures to `dir` (for the browser tests and the benchmark) and answers their paths. */
export async function writeDocumentFixtures(
  dir: string,
): Promise<{ billOfLading: string; arrivalNotice: string }> {
  mkdirSync(dir, { recursive: true });
  const billOfLading = join(dir, "bill-of-lading.pdf");
  const arrivalNotice = join(dir, "arrival-notice.pdf");
  writeFileSync(billOfLading, await billOfLadingPdf());
  writeFileSync(arrivalNotice, await arrivalNoticePdf());
  return { billOfLading, arrivalNotice };
}
