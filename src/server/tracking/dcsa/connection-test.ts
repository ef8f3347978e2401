// "Test this connection": one real call to the carrier's DCSA API with the connection's own secrets, whose outcome
// is recorded as the connection's status. A secret that can no longer be opened is not sent anywhere: the test
// fails with what to mend instead.
import { randomUUID } from "node:crypto";
import type { Clock } from "../../clock";
import { openCarrierConnection, UnreadableConnectionError } from "../../db/carrier-connection-store";
import { type CarrierConnectionRow, recordCarrierConnectionStatus } from "../../db/carrier-connections";
import type { Db } from "../../db/connection";
import type { ConnectionTestOutcome } from "../../resources/carrier-connections";
import type { DcsaClient } from "./connection";

export interface ConnectionTestDeps {
  db: Db;
  clock: Clock;
  dcsaClient: DcsaClient;
  /** SECRETS_KEY, which opens the connection's sealed secrets. */
  secretsKey: Buffer | undefined;
}

/** Tests the account's connection and records the outcome; answers the outcome and the connection as recorded. */
export async function testCarrierConnection(
  deps: ConnectionTestDeps,
  row: CarrierConnectionRow,
): Promise<{ outcome: ConnectionTestOutcome; connection: CarrierConnectionRow }> {
  const started = performance.now();
  let probe: Omit<ConnectionTestOutcome, "id" | "connectionId" | "checkedAt">;
  try {
    probe = await deps.dcsaClient.probe(openCarrierConnection(row, deps.secretsKey));
  } catch (error) {
    if (!(error instanceof UnreadableConnectionError)) throw error;
    probe = {
      ok: false,
      status: "error",
      httpStatus: null,
      detail: error.message,
      url: `${row.baseUrl}/v2/events`,
      durationMs: performance.now() - started,
    };
  }
  const checkedAt = deps.clock.now();
  const recorded = await recordCarrierConnectionStatus(
    deps.db,
    { accountId: row.accountId, id: row.id },
    probe.status,
    probe.detail,
    checkedAt,
  );
  return {
    outcome: { ...probe, id: randomUUID(), connectionId: row.id, checkedAt },
    connection: recorded ?? row,
  };
}
