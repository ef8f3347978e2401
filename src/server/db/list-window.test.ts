// Tests of list pages: read by number from either end, or by cursor, every page holds exactly the rows an
// offset from the head would; and the kept counts stay exact through inserts and deletes.
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, insertShipment } from "../testing/service-harness";
import { listCount } from "./list-counts";
import { type ListOrder, newestFirst, type PageRequest, pageWindow, readPage } from "./list-window";
import { containers, shipments } from "./schema";

let h: Harness;
let accountId: string;
const ORDER: ListOrder = { at: shipments.createdAt, tie: shipments.id };
const TOTAL = 23;

beforeAll(async () => {
  h = await createHarness();
  accountId = (await h.newAccount()).account.id;
  // Two shipments share a creation time, so the tie-breaker decides between them.
  const shared = new Date("2026-11-01T00:00:00Z");
  for (let i = 0; i < TOTAL; i++) {
    await insertShipment(h.db, accountId, i === 7 || i === 8 ? { createdAt: shared } : {});
  }
});
afterAll(() => h.close());

const scope = () => eq(shipments.accountId, accountId);

/** The ids of a page as an offset from the head reads them: the reference every other way must equal. */
async function byOffset(size: number, number: number) {
  const rows = await h.db
    .select({ id: shipments.id, createdAt: shipments.createdAt })
    .from(shipments)
    .where(scope())
    .orderBy(...newestFirst(ORDER))
    .limit(size)
    .offset((number - 1) * size);
  return rows;
}

function read(page: PageRequest, headOffsetLimit: number) {
  return readPage(
    page,
    ORDER,
    () => listCount(h.db, accountId, "shipments"),
    (plan) => {
      // As the repositories read: a page past the first rows by its ids, found in the index first.
      const window = pageWindow(plan, shipments, shipments.id, scope());
      return h.db
        .select({ id: shipments.id, createdAt: shipments.createdAt })
        .from(shipments)
        .where(window.where)
        .orderBy(...plan.orderBy)
        .limit(window.limit)
        .offset(window.offset);
    },
    (r) => ({ at: r.createdAt, tie: r.id }),
    headOffsetLimit,
  );
}

describe("list pages", () => {
  it("hold the same rows whether read from the head or from the tail, at every size and depth", async () => {
    for (const size of [1, 2, 5, 7, 10, 23, 30]) {
      for (let number = 1; number <= Math.ceil(TOTAL / size) + 1; number++) {
        const expected = (await byOffset(size, number)).map((r) => r.id);
        // A limit of 0 sends every page past the middle to the tail.
        for (const headOffsetLimit of [0, 3_000]) {
          const { rows, total, edges } = await read({ size, number }, headOffsetLimit);
          expect(total).toBe(TOTAL);
          expect(edges?.first.tie).toBe(rows[0]?.id);
          expect(edges?.last.tie).toBe(rows.at(-1)?.id);
          expect(
            rows.map((r) => r.id),
            `size ${size}, page ${number}, limit ${headOffsetLimit}`,
          ).toEqual(expected);
        }
      }
    }
  });

  it("read after and before a row's position the pages next to it", async () => {
    const size = 4;
    for (let number = 1; number < Math.ceil(TOTAL / size); number++) {
      const page = await byOffset(size, number);
      const last = page.at(-1)!;
      const following = await read(
        { size, number: number + 1, after: { at: last.createdAt, tie: last.id } },
        0,
      );
      expect(following.rows.map((r) => r.id)).toEqual((await byOffset(size, number + 1)).map((r) => r.id));
      const next = (await byOffset(size, number + 1))[0]!;
      const preceding = await read({ size, number, before: { at: next.createdAt, tie: next.id } }, 0);
      expect(preceding.rows.map((r) => r.id)).toEqual(page.map((r) => r.id));
    }
  });
});

describe("kept list counts", () => {
  const counted = async (table: typeof shipments | typeof containers) => {
    const [row] = await h.db.select({ n: count() }).from(table).where(eq(table.accountId, accountId));
    return row?.n ?? 0;
  };

  it("follow inserts and deletes, in several rows a statement, per account", async () => {
    const other = (await h.newAccount()).account.id;
    await insertShipment(h.db, other, { containerNumbers: ["MSKU1111110", "MSKU2222220", "MSKU3333330"] });
    expect(await listCount(h.db, accountId, "shipments")).toBe(await counted(shipments));
    expect(await listCount(h.db, accountId, "containers")).toBe(await counted(containers));
    expect(await listCount(h.db, other, "containers")).toBe(3);

    // A cascade from the shipment counts its containers out too.
    await h.db.delete(shipments).where(eq(shipments.accountId, other));
    expect(await listCount(h.db, other, "shipments")).toBe(0);
    expect(await listCount(h.db, other, "containers")).toBe(0);

    // A rolled-back insert leaves the count as it was.
    const before = await listCount(h.db, accountId, "shipments");
    await expect(
      h.db.transaction(async (tx) => {
        await insertShipment(tx, accountId);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await listCount(h.db, accountId, "shipments")).toBe(before);
    expect(await counted(shipments)).toBe(before);
  });
});
