// Unit tests of the webhook pages' URL state: good values pass, bad ones fall back instead of failing.
import { describe, expect, it } from "vitest";
import { isFiltered, notificationsListParams } from "./list-params";
import {
  NOTIFICATIONS_SEARCH_DEFAULTS,
  notificationsSearchSchema,
  WEBHOOKS_SEARCH_DEFAULTS,
  webhooksSearchSchema,
} from "./search";

const parse = (input: Record<string, unknown>) => notificationsSearchSchema.parse(input);
const ID = "0b6f7c1e-3f7a-4d2b-9a61-5d9e8f0c1a2b";

describe("webhooksSearchSchema", () => {
  it("fills in defaults and falls back from bad pages and sizes", () => {
    expect(webhooksSearchSchema.parse({})).toEqual(WEBHOOKS_SEARCH_DEFAULTS);
    expect(webhooksSearchSchema.parse({ page: "3", size: "50" })).toEqual({ page: 3, size: 50 });
    expect(webhooksSearchSchema.parse({ page: "-1", size: 7 })).toEqual(WEBHOOKS_SEARCH_DEFAULTS);
  });
});

describe("notificationsSearchSchema", () => {
  it("fills in defaults for an empty URL", () => {
    expect(parse({})).toEqual(NOTIFICATIONS_SEARCH_DEFAULTS);
  });

  it("keeps valid values", () => {
    expect(
      parse({
        page: 2,
        size: 10,
        event: "container.transport.full_out",
        delivery: "failed",
        webhook: ID.toUpperCase(),
      }),
    ).toEqual({ page: 2, size: 10, event: "container.transport.full_out", delivery: "failed", webhook: ID });
  });

  it("replaces each bad value by its default and keeps the good ones", () => {
    expect(
      parse({ page: "x", size: 1000, event: "container.teleported", delivery: "lost", webhook: "not-an-id" }),
    ).toEqual(NOTIFICATIONS_SEARCH_DEFAULTS);
    expect(parse({ event: 42, delivery: "pending" })).toEqual({
      ...NOTIFICATIONS_SEARCH_DEFAULTS,
      delivery: "pending",
    });
  });
});

describe("notificationsListParams", () => {
  it("asks for the page, the filters that are set, and each row's webhook", () => {
    expect(notificationsListParams(parse({}))).toEqual({
      "page[number]": 1,
      "page[size]": 25,
      "filter[event]": undefined,
      "filter[delivery_status]": undefined,
      "filter[webhook_id]": undefined,
      include: "webhook",
    });
    expect(
      notificationsListParams(
        parse({ page: 3, event: "container.created", delivery: "succeeded", webhook: ID }),
      ),
    ).toMatchObject({
      "page[number]": 3,
      "filter[event]": "container.created",
      "filter[delivery_status]": "succeeded",
      "filter[webhook_id]": ID,
    });
  });

  it("knows when the log is filtered", () => {
    expect(isFiltered(parse({ page: 4 }))).toBe(false);
    expect(isFiltered(parse({ delivery: "failed" }))).toBe(true);
    expect(isFiltered(parse({ webhook: ID }))).toBe(true);
    expect(isFiltered(parse({ event: "container.created" }))).toBe(true);
  });
});
