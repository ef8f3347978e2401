// Tracking requests for the numbers a document names, when the account trusts its type ("track automatically"):
// each number's line is the one the document names, else the one inference picks (a number several lines fit,
// or none, is left for a person to choose on the document's page). The composition root hands this to the
// documents package, which may not reach into tracking itself.
import type { RequestType } from "../../api/tracking-requests";
import type { Db } from "../db/connection";
import type { ReferenceData } from "../db/reference-data";
import { createTrackingRequest } from "../db/tracking-requests";
import { inferNumber } from "./number-inference";

const REQUEST_TYPE: Record<string, RequestType> = {
  container: "container",
  bill_of_lading: "bill_of_lading",
  booking: "booking_number",
};

export async function trackDocumentNumbers(
  db: Db,
  reference: ReferenceData,
  now: Date,
  accountId: string,
  numbers: { number: string; numberType: string; scac: string | null }[],
  refNumbers: string[],
): Promise<number> {
  const lines = [...reference.shippingLines.values()].map((line) => ({
    scac: line.scac,
    name: line.name,
    supports: {
      bill_of_lading: line.billOfLadingTracking,
      booking_number: line.bookingNumberTracking,
      container: line.containerNumberTracking,
    },
  }));
  let created = 0;
  for (const n of numbers) {
    const requestType = REQUEST_TYPE[n.numberType];
    if (!requestType) continue;
    const inferred = inferNumber(n.number, lines).shipping_line;
    const scac = n.scac ?? (inferred.decision === "auto_select" ? inferred.selected?.scac : undefined);
    const line = scac ? reference.shippingLinesByScac.get(scac) : undefined;
    if (!line) continue;
    await createTrackingRequest(
      db,
      accountId,
      {
        requestType,
        requestNumber: n.number,
        normalizedNumber: n.number,
        scac: line.scac,
        refNumbers: refNumbers.slice(0, 10),
        tags: [],
      },
      now,
    );
    created += 1;
  }
  return created;
}
