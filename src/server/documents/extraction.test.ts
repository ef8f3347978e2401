// Extraction of the tests' own paperwork: exactly the known numbers, dates, places and line are found, each with
// its page, the container number with a wrong check digit is refused with the reason, and hostile PDFs fail with
// the reason a person can act on, without the process's memory growing past its budget.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentPayload } from "../../api/document-schemas";
import type { ReferenceData } from "../db/reference-data";
import {
  arrivalNoticePdf,
  billOfLadingPdf,
  brokenPdf,
  encryptedPdf,
  FIXTURE,
  manyPagesPdf,
  pngImage,
  zipBombPdf,
} from "../testing/document-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { classify } from "./classify";
import { extractDocument } from "./extraction";
import { PdfTextReader } from "./pdf-text";
import { dayOf } from "./read-fields";

let h: Harness;
let reference: ReferenceData;
const reader = new PdfTextReader();
const deps = () => ({ reference, readPdf: (bytes: Uint8Array) => reader.read(bytes) });
beforeAll(async () => {
  h = await createHarness();
  reference = h.reference;
});
afterAll(async () => {
  await reader.close();
  await h.close();
});

const payloadOf = (outcome: Awaited<ReturnType<typeof extractDocument>>) => {
  if (outcome.status !== "extracted" || !outcome.representation)
    throw new Error(`not extracted: ${JSON.stringify(outcome)}`);
  return outcome.representation.payload as unknown as DocumentPayload;
};
const values = <T>(list: { value: T }[]) => list.map((f) => f.value);

describe("a bill of lading", () => {
  it("is classified by its heading and gives exactly the known numbers, refusing the bad check digit", async () => {
    const outcome = await extractDocument(await billOfLadingPdf(), "application/pdf", "extract", deps());
    expect(outcome.documentType).toBe("bill_of_lading");
    expect(outcome.classificationNotes).toMatch(/BILL OF LADING/);
    expect(outcome.pageCount).toBe(3);
    const { fields, rejected_numbers } = payloadOf(outcome);
    expect(values(fields.container_numbers)).toEqual([...FIXTURE.containers]);
    expect(fields.container_numbers.every((c) => c.page === 2)).toBe(true);
    expect(values(fields.bill_of_lading_numbers)).toEqual([FIXTURE.billOfLading]);
    expect(fields.bill_of_lading_numbers[0]).toMatchObject({ page: 1, confidence: 0.95 });
    expect(values(fields.booking_numbers)).toEqual([]);
    expect(values(fields.reference_numbers)).toEqual([FIXTURE.reference]);
    expect(rejected_numbers).toEqual([
      expect.objectContaining({
        value: FIXTURE.badContainer,
        page: 2,
        reason: expect.stringMatching(/check digit/),
      }),
    ]);
    expect(fields.shipping_line?.value).toEqual({ scac: "MAEU", name: "Maersk" });
    expect(fields.vessel_name?.value).toBe(FIXTURE.vessel);
    expect(fields.voyage_number?.value).toBe(FIXTURE.voyage);
    expect(fields.port_of_loading?.value.locode).toBe(FIXTURE.pol.locode);
    expect(fields.port_of_discharge?.value.locode).toBe(FIXTURE.pod.locode);
    expect(outcome.status === "extracted" && outcome.numbers?.map((n) => n.number).sort()).toEqual(
      [...FIXTURE.containers, FIXTURE.billOfLading].sort(),
    );
  });
});

describe("an arrival notice", () => {
  it("gives the ETA, last free day and free time, the booking and the containers", async () => {
    const outcome = await extractDocument(await arrivalNoticePdf(), "application/pdf", "extract", deps());
    expect(outcome.documentType).toBe("arrival_notice");
    const { fields } = payloadOf(outcome);
    expect(fields.eta).toMatchObject({ value: FIXTURE.eta, page: 1 });
    expect(fields.last_free_day).toMatchObject({ value: FIXTURE.lastFreeDay, page: 1 });
    expect(fields.free_time_days).toMatchObject({ value: FIXTURE.freeTimeDays });
    expect(values(fields.booking_numbers)).toEqual([FIXTURE.booking]);
    expect(values(fields.bill_of_lading_numbers)).toEqual([FIXTURE.billOfLading]);
    expect(values(fields.container_numbers)).toEqual([...FIXTURE.containers]);
    expect(fields.vessel_name?.value).toBe(FIXTURE.vessel);
    expect(fields.voyage_number?.value).toBe(FIXTURE.voyage);
  });
});

describe("files that cannot be read", () => {
  it("says why: encrypted, broken, an image without text, too many pages, a zip bomb", async () => {
    const reason = async (bytes: Uint8Array, type = "application/pdf") => {
      const outcome = await extractDocument(bytes, type, "extract", deps());
      return outcome.status === "failed" ? outcome.reason : "extracted";
    };
    expect(await reason(encryptedPdf())).toBe("encrypted");
    expect(await reason(brokenPdf())).toBe("unreadable");
    expect(await reason(pngImage(), "image/png")).toBe("no_text_layer");
    expect(await reason(manyPagesPdf())).toBe("too_many_pages");
    const bomb = await zipBombPdf(400);
    const before = process.memoryUsage.rss();
    let peak = before;
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 2);
    expect(await reason(bomb)).toBe("too_large_to_read");
    clearInterval(watch);
    expect((peak - before) / 1024 / 1024).toBeLessThan(100);
    // The reader goes on with the next file.
    expect(await reason(await arrivalNoticePdf())).toBe("extracted");
  }, 60_000);
});

describe("the memory budget", () => {
  it("charges a file for its own read, not for the reader thread's start (a new isolate and PDF.js)", async () => {
    // The thread's start alone grows the process by 15 to 25 MB: charged to the first file, a tight budget
    // refused an ordinary bill of lading (and a busy service's 48 MB now and then, as `npm test` saw).
    const tight = new PdfTextReader({ rssBudgetMb: 16 });
    try {
      const first = await tight.read(await billOfLadingPdf());
      expect(first.ok ? "read" : first.reason).toBe("read");
    } finally {
      await tight.close();
    }
  });
});

describe("wording and dates", () => {
  it("classifies by phrases when no heading names the type, and says so", () => {
    expect(classify(["Invoice No: 44\nUnit price 3.20\nTotal amount 900 USD FOB Ningbo"]).type).toBe(
      "commercial_invoice",
    );
    expect(classify(["Hello"]).type).toBe("other");
  });
  it("reads the date formats paperwork uses", () => {
    expect(dayOf("2026-12-04")).toBe("2026-12-04");
    expect(dayOf("04 DEC 2026")).toBe("2026-12-04");
    expect(dayOf("4-Dec-2026")).toBe("2026-12-04");
    expect(dayOf("Dec 4, 2026")).toBe("2026-12-04");
    expect(dayOf("12/04/2026")).toBe("2026-12-04");
    expect(dayOf("2026-02-30")).toBeUndefined();
  });
});
