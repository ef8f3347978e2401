// The operator's `create-user`: a new person gets a generated password that signs them in as the role given; an
// existing person is added to the account and keeps theirs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asPerson, signIn } from "../testing/people-fixtures";
import { createHarness, type Harness } from "../testing/service-harness";
import { createPerson } from "./operator";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe("create-user", () => {
  it("makes a person with a generated password, who signs in as the role given", async () => {
    const { account } = await h.newAccount("Operated Co");
    const made = await createPerson(h.db, {
      email: "Ops@Operated.example",
      accountId: account.id,
      role: "owner",
      now: new Date(),
    });
    expect(made).toMatchObject({ email: "ops@operated.example", created: true });
    expect(made.password!.length).toBeGreaterThanOrEqual(20);
    const { response, cookie } = await signIn(h, "ops@operated.example", made.password);
    expect(response.status).toBe(200);
    const me = await (await asPerson(h, cookie, "/v2/users/me")).json();
    expect(me.data.attributes).toMatchObject({ role: "owner", email_verified: true });
    const other = await h.newAccount("Second Co");
    const again = await createPerson(h.db, {
      email: "ops@operated.example",
      accountId: other.account.id,
      role: "viewer",
      now: new Date(),
    });
    expect(again).toMatchObject({ created: false, password: undefined });
  });
});
