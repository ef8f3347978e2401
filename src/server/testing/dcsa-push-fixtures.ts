// Fixtures for tests and benchmarks of DCSA push: carrier connections and our subscriptions written as the service
// writes them (the subscription's shared secret sealed with a SECRETS_KEY), and notifications signed as a carrier
// signs them.
import { randomBytes } from "node:crypto";
import type { Db } from "../db/connection";
import { carrierConnections, dcsaSubscriptions } from "../db/schema";
import { sealSecret } from "../secrets";
import { signNotification } from "../tracking/dcsa/notification-signature";
import type { DcsaEvent } from "../tracking/dcsa/types";
import { DCSA_SIGNATURE_HEADER } from "../tracking/dcsa/types";

/** A SECRETS_KEY for a test. */
export const testSecretsKey = () => randomBytes(32);

export async function insertCarrierConnection(
  db: Db,
  accountId: string,
  o: { scac?: string; baseUrl?: string; pushEnabled?: boolean } = {},
) {
  const [row] = await db
    .insert(carrierConnections)
    .values({
      accountId,
      scac: o.scac ?? "MAEU",
      baseUrl: o.baseUrl ?? "https://carrier.example/tnt",
      authType: "none",
      internal: true,
      pushEnabled: o.pushEnabled ?? true,
    })
    .returning();
  return row!;
}

/** An active subscription with a fresh secret; answers the row and the secret the carrier would sign with. */
export async function insertActiveSubscription(
  db: Db,
  key: Buffer,
  o: {
    accountId: string;
    connectionId: string;
    requestType?: string;
    reference: string;
  },
) {
  const secret = randomBytes(32);
  const [row] = await db
    .insert(dcsaSubscriptions)
    .values({
      accountId: o.accountId,
      connectionId: o.connectionId,
      requestType: o.requestType ?? "bill_of_lading",
      reference: o.reference,
      carrierSubscriptionId: `carrier-${o.reference}`,
      secretSealed: sealSecret(secret, key),
      status: "active",
    })
    .returning();
  return { subscription: row!, secret };
}

/** A DCSA transport event (vessel departure) naming a bill of lading, as a carrier pushes it. */
export function departureNaming(billOfLading: string, at = "2026-11-27T08:00:00Z"): DcsaEvent {
  return {
    eventID: randomBytes(8).toString("hex"),
    eventType: "TRANSPORT",
    eventCreatedDateTime: at,
    eventDateTime: at,
    eventClassifierCode: "ACT",
    transportEventTypeCode: "DEPA",
    transportCall: {
      transportCallID: "TC-1",
      modeOfTransport: "VESSEL",
      UNLocationCode: "CNSHA",
    },
    documentReferences: [{ documentReferenceType: "TRD", documentReferenceValue: billOfLading }],
  };
}

/** The POST a carrier sends: its body's exact bytes and the signature over them. */
export function signedNotification(secret: Buffer, events: unknown, signature?: string) {
  const body = Buffer.from(JSON.stringify(events, null, 2), "utf8");
  return {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "api-version": "2.2.0",
      [DCSA_SIGNATURE_HEADER]: signature ?? signNotification(secret, body),
    },
  };
}
