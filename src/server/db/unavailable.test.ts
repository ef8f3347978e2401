// Tests of the outage classification: a database that cannot answer is told apart from a bad value or a bug,
// through Drizzle's wrapping, and the log gets the driver's message without the SQL.
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../testing/service-harness";
import { describeDatabaseError, isDatabaseUnavailable } from "./unavailable";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** As Drizzle wraps a driver error: its own message quotes the SQL and the parameters. */
function wrapped(cause: Error): Error {
  return new Error("Failed query: select * from api_keys where hash = $1\nparams: secret", { cause });
}

describe("isDatabaseUnavailable", () => {
  it.each([
    ["connection refused", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["connection reset", withCode("read ECONNRESET", "ECONNRESET")],
    ["every address refused", new AggregateError([withCode("refused", "ECONNREFUSED")], "")],
    ["a lost connection", new Error("Connection terminated unexpectedly")],
    ["a connect timeout", new Error("Connection terminated due to connection timeout")],
    ["no free connection in time", new Error("timeout exceeded when trying to connect")],
    ["a frozen server", new Error("Query read timeout")],
    [
      "an administrator's shutdown (57P01)",
      withCode("terminating connection due to administrator command", "57P01"),
    ],
    ["a server starting up (57P03)", withCode("the database system is starting up", "57P03")],
    ["a connection exception (08006)", withCode("connection failure", "08006")],
    ["statement_timeout (57014)", withCode("canceling statement due to statement timeout", "57014")],
    ["too many connections (53300)", withCode("sorry, too many clients already", "53300")],
  ])("is true for %s, also inside Drizzle's wrapper", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true);
  });

  it.each([
    ["a unique violation (23505)", withCode("duplicate key value", "23505")],
    ["a bad value (22P02)", withCode("invalid input syntax for type uuid", "22P02")],
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a pool this process closed", new Error("Cannot use a pool after calling end on the pool")],
    ["a non-error", "a string"],
  ])("is false for %s", (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
  });

  it("describes the driver's failure without the SQL or its parameters", () => {
    const described = describeDatabaseError(wrapped(withCode("connect ECONNREFUSED", "ECONNREFUSED")));
    expect(described).toEqual({ error: "connect ECONNREFUSED", code: "ECONNREFUSED" });
  });
});

describe("isDatabaseUnavailable on real database errors", () => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness();
  });
  afterEach(async () => {
    await h.close();
  });

  it("is false for a bad value and a constraint violation, which are the request's fault", async () => {
    const badUuid = await h.db.execute(sql`select 'not-a-uuid'::uuid`).catch((e: unknown) => e);
    expect(badUuid).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(badUuid)).toBe(false);
    const { account } = await h.newAccount();
    const duplicate = await h.db
      .execute(sql`insert into accounts (id, name) values (${account.id}, 'again')`)
      .catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
  });
});
