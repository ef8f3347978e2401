// Dashboard container page: opened from its shipment, the milestones in order with the carrier's wording, the
// pickup panel with a hold and a last-free-day warning, a deep link loaded in one round of requests, and the
// timeline's legs worked from the keyboard. Containers are found through the API with the demo key, or with the key
// of an account the test makes for a case the demo's data may lack on a given day (a box held at its terminal).
import type { APIRequestContext } from "@playwright/test";
import { type Account, createTestAccount, expect, type Page, signIn, signInAsDemo, test } from "./fixtures";

interface RawEvent {
  attributes: { original_event: string; estimated: boolean; index: number };
}
interface Container {
  id: string;
  attributes: {
    number: string;
    current_status: string;
    pod_timezone: string | null;
    final_destination_timezone: string | null;
    pod_full_out_at: string | null;
    final_destination_full_out_at: string | null;
    empty_terminated_at: string | null;
    holds_at_pod_terminal: { name: string; status: string; description: string | null }[];
    import_deadlines: Record<"pickup_lfd_terminal" | "pickup_lfd_line" | "pickup_lfd_rail", string | null>;
  };
  relationships: {
    shipment: { data: { id: string } | null };
    transport_events: { data: { id: string }[] };
    raw_events: { data: { id: string }[] };
  };
}

async function api<T>(page: Page, path: string, apiKey?: string): Promise<T> {
  const key = apiKey ?? (await (await page.request.get("/demo.json")).json()).api_key;
  const response = await page.request.get(path, { headers: { Authorization: `Token ${key}` } });
  expect(response.ok(), path).toBe(true);
  return response.json();
}

async function allContainers(page: Page, apiKey?: string): Promise<Container[]> {
  const containers: Container[] = [];
  for (let number = 1; ; number++) {
    const body = await api<{ data: Container[]; links: { next?: string } }>(
      page,
      `/v2/containers?page[size]=100&page[number]=${number}`,
      apiKey,
    );
    containers.push(...body.data);
    if (!body.links.next) return containers;
  }
}

async function rawEvents(page: Page, containerId: string): Promise<RawEvent[]> {
  return (await api<{ data: RawEvent[] }>(page, `/v2/containers/${containerId}/raw_events`)).data;
}

/** The milestone rows of the timeline, in the order the page shows them. */
function milestoneRows(page: Page) {
  return page
    .getByRole("region", { name: "Timeline" })
    .getByRole("list", { name: /^Events at / })
    .getByRole("listitem");
}

const leftTerminal = (c: Container) =>
  c.attributes.pod_full_out_at !== null ||
  c.attributes.final_destination_full_out_at !== null ||
  c.attributes.empty_terminated_at !== null ||
  ["picked_up", "delivered", "dropped", "empty_returned", "off_dock"].includes(c.attributes.current_status);

/** The calendar day of an instant in a zone, as YYYY-MM-DD. */
const dayIn = (date: Date, zone: string | null) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: zone ?? "UTC" }).format(date);

/** Whether one of the box's last free days is past, today or tomorrow where it counts, while the box waits. */
function hasPressingDeadline(c: Container): boolean {
  if (leftTerminal(c)) return false;
  const a = c.attributes;
  const inland = a.final_destination_timezone ?? a.pod_timezone;
  const deadlines: [string | null, string | null][] = [
    [a.import_deadlines.pickup_lfd_terminal, a.pod_timezone],
    [a.import_deadlines.pickup_lfd_line, a.pod_timezone],
    [a.import_deadlines.pickup_lfd_rail, inland],
  ];
  const now = new Date();
  return deadlines.some(
    ([iso, zone]) =>
      iso !== null && dayIn(new Date(iso), zone) <= dayIn(new Date(now.getTime() + 86_400_000), zone),
  );
}

test("a container opens from its shipment with its milestones in order, each with the carrier's wording", async ({
  page,
}) => {
  await signInAsDemo(page, "/shipments");
  // A box part way: some lines have happened and some are planned.
  const containers = await allContainers(page);
  let chosen: { container: Container; raw: RawEvent[] } | undefined;
  for (const container of containers.filter((c) => c.relationships.transport_events.data.length >= 4)) {
    const raw = await rawEvents(page, container.id);
    if (raw.some((r) => r.attributes.estimated)) {
      chosen = { container, raw };
      break;
    }
  }
  if (!chosen) throw new Error("the demo data has no container with both actual and planned events");
  const { container, raw } = chosen;
  const number = container.attributes.number;

  await page.goto(`/shipments/${container.relationships.shipment.data!.id}`);
  await page
    .getByRole("table", { name: "Containers of this shipment" })
    .getByRole("link", { name: number })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Container ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Where is it now?" })).not.toBeEmpty();

  // Every line of the carrier appears beside its milestone, in the carrier's order, done or planned as it is.
  const rows = milestoneRows(page);
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  let at = -1;
  for (const line of [...raw].sort((a, b) => a.attributes.index - b.attributes.index)) {
    const wording = line.attributes.original_event;
    const found = texts.findIndex((text, i) => i > at && text.includes(`“${wording}”`));
    expect(found, `“${wording}” after row ${at}`).toBeGreaterThan(at);
    at = found;
    const row = rows.nth(found);
    if (line.attributes.estimated) {
      await expect(row).toContainText("Planned");
      await expect(row).toContainText("Est.");
    } else {
      await expect(row).not.toContainText("Planned");
    }
  }
  // What happened comes first, then the plan.
  const planned = texts.map((t) => t.includes("Planned"));
  expect(planned.slice(planned.indexOf(true)).every(Boolean)).toBe(true);
});

/** An account of the test's own with a shipment whose box waits at its terminal on a hold, its last free day near. */
function heldBoxAccount(request: APIRequestContext): Promise<Account> {
  return createTestAccount(request, { company_name: "E2E held box", held_box: true });
}

test("the pickup panel shows a hold with its description and warns about a last free day", async ({
  page,
  request,
}) => {
  const account = await heldBoxAccount(request);
  await signIn(page, account, "/containers");
  const containers = await allContainers(page, account.apiKey);
  const held = (c: Container) => !leftTerminal(c) && c.attributes.holds_at_pod_terminal.length > 0;
  const both = containers.find((c) => held(c) && hasPressingDeadline(c));
  const withHold = both ?? containers.find(held);
  const withDeadline = both ?? containers.find(hasPressingDeadline);
  if (!withHold || !withDeadline) {
    throw new Error(
      "the account has no container held at its terminal, or none with a pressing last free day",
    );
  }

  await page.goto(`/containers/${withHold.id}`);
  const panel = page.getByRole("region", { name: "Can I pick it up?" });
  await expect(panel).toBeVisible();
  for (const hold of withHold.attributes.holds_at_pod_terminal) {
    await expect(panel).toContainText(hold.name);
    if (hold.description) await expect(panel).toContainText(hold.description);
  }
  if (withHold.attributes.holds_at_pod_terminal.some((h) => h.status === "hold")) {
    await expect(panel.getByText(/^No\.$/)).toBeVisible();
  }

  // The answer is at the top too, beside where the box is, in the first screen of a phone; while a hold is on,
  // nothing there calls the box available (not even the carrier's planned "available for pickup"); the line's
  // own "not available" may be where it is now.
  const summary = page.getByRole("region", { name: "Where is it now?" });
  await expect(summary).toContainText("Can I pick it up?");
  for (const hold of withHold.attributes.holds_at_pod_terminal)
    await expect(summary).toContainText(hold.name);
  await expect(summary).toContainText("Last free day");
  const onHold = withHold.attributes.holds_at_pod_terminal
    .filter((h) => h.status === "hold")
    .map((h) => h.name);
  if (onHold.length > 0) {
    const answer = summary.getByText(`No: on hold: ${onHold.join(", ")}`, { exact: true });
    await expect(answer).toBeVisible();
    await expect(summary).not.toContainText(/(?<!not )available/i);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await answer.boundingBox();
    expect(box && box.y + box.height, "the pickup answer is in a phone's first screen").toBeLessThanOrEqual(
      844,
    );
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  if (withDeadline.id !== withHold.id) await page.goto(`/containers/${withDeadline.id}`);
  const warning = page.getByRole("region", { name: "Can I pick it up?" }).getByRole("alert");
  await expect(warning).toContainText(/last free day (was .* it has passed|is today|is tomorrow)/);
});

test("a container page opens straight from its address, with its data in one round of requests", async ({
  page,
}) => {
  await signInAsDemo(page, "/containers");
  const container = (await allContainers(page)).find((c) => c.relationships.raw_events.data.length > 0);
  if (!container) throw new Error("the demo data has no container with events");
  const number = container.attributes.number;

  const requested: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/v2/")) requested.push(url.pathname);
  });
  await page.goto(`/containers/${container.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Container ${number}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Can I pick it up?" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Journey", exact: true })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Map of the journey" })).toBeVisible();
  // The container (with its shipment and terminals), its transport events and raw events, the line's changes to its
  // voyage, its custom fields (the account's definitions are one more request, not the container's), and the map.
  const forContainer = requested.filter((p) => p.startsWith(`/v2/containers/${container.id}`));
  expect(forContainer.sort()).toEqual(
    [
      `/v2/containers/${container.id}`,
      `/v2/containers/${container.id}/custom_fields`,
      `/v2/containers/${container.id}/map_geojson`,
      `/v2/containers/${container.id}/raw_events`,
      `/v2/containers/${container.id}/transport_events`,
      `/v2/containers/${container.id}/voyage_exceptions`,
    ].sort(),
  );

  // An address that names no container says so.
  await page.goto("/containers/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert")).toContainText("Could not load this container: not found");
});

test("the legs of the timeline open and close from the keyboard", async ({ page }) => {
  await signInAsDemo(page, "/containers");
  const container = (await allContainers(page)).find(
    (c) => c.relationships.transport_events.data.length >= 6,
  );
  if (!container) throw new Error("the demo data has no container with six events");
  await page.goto(`/containers/${container.id}`);

  const timeline = page.getByRole("region", { name: "Timeline" });
  const origin = timeline.getByRole("button", { name: /^origin/i });
  await expect(origin).toHaveAttribute("aria-expanded", "true");
  const firstEvents = timeline.getByRole("list", { name: /^Events at / }).first();
  await expect(firstEvents).toBeVisible();
  const originEvents = timeline.getByRole("list", {
    name: (await firstEvents.getAttribute("aria-label")) ?? "",
    exact: true,
  });
  await origin.focus();
  await page.keyboard.press("Enter");
  await expect(origin).toHaveAttribute("aria-expanded", "false");
  await expect(originEvents).toBeHidden();
  await page.keyboard.press("Space");
  await expect(origin).toHaveAttribute("aria-expanded", "true");

  await timeline.getByRole("button", { name: "Collapse all legs" }).click();
  await expect(timeline.getByRole("list", { name: /^Events at / })).toHaveCount(0);
  await timeline.getByRole("button", { name: "Expand all legs" }).click();
  await expect(timeline.getByRole("button", { expanded: false })).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: `Copy container number ${container.attributes.number}` }),
  ).toBeVisible();
});
