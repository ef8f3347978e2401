// Dashboard map: the fleet listed beside a map that draws land with no tiles reachable (the map's first frame before
// the list), the vessel panel and the estimated path of the selected vessel, the list and the map in sync both ways,
// URL filters, and a shipment's journey map.
import { expect, type Locator, type Page, signInAsDemo, test } from "./fixtures";

interface FleetVessel {
  id: string;
  attributes: { name: string; latitude: number; longitude: number; positions: { estimated: boolean }[] };
  meta: {
    containers_aboard: number;
    cargo_summary: { shipping_line_scac: string }[];
    next_port_ata_at: string | null;
    next_port_predicted_arrival_at: string | null;
  };
}

// No tile request may leave the browser: the maps must show land from the bundled atlas alone.
test.beforeEach(async ({ page }) => {
  await page.route(/\.(png|jpe?g|webp)(\?.*)?$/, (route) => route.abort());
  await page.route(/\/\d+\/\d+\/\d+(@2x)?(\.\w+)?(\?.*)?$/, (route) => route.abort());
  await page.emulateMedia({ reducedMotion: "reduce" });
});

/** The demo's fleet, with the positions the compact list leaves out (it fits one page). */
async function fleet(page: Page): Promise<FleetVessel[]> {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const response = await page.request.get("/v2/vessels?show_positions=true&page[size]=100", {
    headers: { Authorization: `Token ${key}` },
  });
  expect(response.ok()).toBe(true);
  const body = await response.json();
  expect(body.data.length).toBeGreaterThan(0);
  expect(body.meta.total).toBe(body.data.length);
  return body.data;
}

/** The containers aboard a vessel, which the single vessel lists. */
async function cargoAboard(page: Page, vesselId: string): Promise<{ shipment_id: string }[]> {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const response = await page.request.get(`/v2/vessels/${vesselId}`, {
    headers: { Authorization: `Token ${key}` },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()).data.meta.cargo;
}

/** A vessel still on its way, so that it has a path ahead. */
async function sailingVessel(
  page: Page,
  also: (v: FleetVessel) => boolean = () => true,
): Promise<FleetVessel> {
  const vessel = (await fleet(page)).find(
    (v) =>
      v.meta.next_port_ata_at === null &&
      v.attributes.positions.filter((p) => p.estimated).length > 1 &&
      also(v),
  );
  if (!vessel) throw new Error("the demo fleet has no vessel under way");
  return vessel;
}

/** Share of a canvas's pixels that are painted: the land layer is transparent where the sea is. */
async function paintedShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
    let painted = 0;
    for (let i = 3; i < data.length; i += 4 * 16) if (data[i]! > 0) painted++;
    return painted / (data.length / (4 * 16));
  });
}

async function expectLand(page: Page, map: Locator) {
  await expect(map).toBeVisible();
  await expect(map.getByRole("status")).toHaveCount(0);
  const land = map.locator(".leaflet-basemap-pane canvas");
  await expect(land).toHaveCount(1);
  await expect.poll(() => paintedShare(land)).toBeGreaterThan(0.05);
  await expect(page.getByRole("list", { name: "Map legend" })).toContainText("Natural Earth");
}

const vesselList = (page: Page) => page.getByRole("table", { name: /^Vessels/ });

/** The number of vessels the page says it shows. */
async function countShown(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d+ vessels? (carry|carries) your containers$|match the filters$/)
    .textContent();
  return Number(/^(\d+)/.exec(text ?? "")?.[1]);
}

test("the map lists the vessels and draws land with every tile request blocked", async ({ page }) => {
  await fleet(page);
  await signInAsDemo(page, "/map");
  await expect(page.getByRole("heading", { level: 1, name: "Map" })).toBeVisible();
  const shown = await countShown(page);
  expect(shown).toBeGreaterThan(0);
  await expect(vesselList(page).getByRole("row")).toHaveCount(shown + 1);
  // Every column is in view beside the map, however long a next port's zone is named ("America/Montevideo").
  await expect(vesselList(page).getByRole("columnheader", { name: "Your containers aboard" })).toBeInViewport(
    {
      ratio: 1,
    },
  );
  await expectLand(page, page.getByRole("figure", { name: "Map of the vessels carrying your containers" }));
  const legend = page.getByRole("list", { name: "Map legend" });
  await expect(legend).toContainText("Track, last 7 days");
  await expect(legend).toContainText("Estimated path to the next port");
  // Leaflet, not a placeholder, and its attribution names the land's source.
  await expect(page.getByRole("link", { name: "Natural Earth" })).toBeVisible();
});

test("the map's first frame is painted before the list beside it fills", async ({ page }) => {
  await signInAsDemo(page, "/map");
  // Every animation frame of a fresh load of the page: is the map drawn (its land's status gone), is the list in?
  await page.addInitScript(() => {
    const frames: { map: boolean; list: boolean }[] = [];
    (window as unknown as { mapFrames: typeof frames }).mapFrames = frames;
    const tick = () => {
      const figure = document.querySelector(
        'figure[aria-label="Map of the vessels carrying your containers"]',
      );
      const map = figure !== null && figure.querySelector('[role="status"]') === null;
      const list =
        document.querySelector('table[aria-labelledby="vessel-list-heading"] tbody button') !== null;
      frames.push({ map, list });
      if (!(map && list)) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.goto("/map");
  await expect(vesselList(page).getByRole("button").first()).toBeVisible();
  const recorded = () =>
    page.evaluate(() => (window as unknown as { mapFrames: { map: boolean; list: boolean }[] }).mapFrames);
  // The list is in the page; the frame that shows it may be painted a moment later on a busy machine.
  await expect.poll(async () => (await recorded()).at(-1)).toEqual({ map: true, list: true });
  const frames = await recorded();
  const first = frames.findIndex((f) => f.map);
  expect(first).toBeGreaterThan(-1);
  // The list's rows (their dates in each port's time zone) are not rendered in the map's first frame.
  expect(frames[first]!.list).toBe(false);
});

test("choosing a vessel in the list shows its panel and its estimated path; a click on the map chooses it too", async ({
  page,
}) => {
  const vessel = await sailingVessel(page);
  const name = vessel.attributes.name;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, "/map");
  const map = page.getByRole("figure", { name: "Map of the vessels carrying your containers" });
  await expectLand(page, map);

  const button = vesselList(page).getByRole("button", { name, exact: true });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`vessel=${vessel.id}`));
  await expect(button).toHaveAttribute("aria-pressed", "true");

  const panel = page.getByRole("region", { name });
  await expect(panel.getByRole("heading", { name })).toBeVisible();
  await expect(panel).toContainText("IMO");
  await expect(panel).toContainText("Next port");
  await expect(panel).toContainText("ETA");
  await expect(panel).toContainText("shown dashed on the map");
  await expect(panel).toContainText(`Your cargo aboard: ${vessel.meta.containers_aboard} container`);
  await expect(panel.getByRole("link").first()).toBeVisible();
  // At 1440×900 its next port, ETA and cargo are in sight without scrolling a box inside the panel (an element
  // hidden by a scroll box is not in the viewport).
  for (const part of [
    panel.getByText("Next port"),
    panel.getByText("Carrier's ETA"),
    panel.getByText(/Your cargo aboard/),
    panel.getByRole("link").first(),
  ])
    await expect(part).toBeInViewport();
  await expect(map.getByRole("img", { name: new RegExp(`^Estimated path of ${name} to `) })).toBeAttached();
  await expect(map.getByText(/ · ETA /)).toBeVisible();

  // The arrow keys move along the list.
  await button.focus();
  await page.keyboard.press("ArrowDown");
  await expect(button).not.toBeFocused();

  // Closed, then chosen again by a click on the map where it is (the map moved to it).
  await panel.getByRole("button", { name: "Close the vessel panel" }).click();
  await expect(panel).toHaveCount(0);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  const box = (await map.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByRole("region", { name })).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toBeInViewport();
});

test("filters live in the URL and survive a reload", async ({ page }) => {
  const vessels = await fleet(page);
  const line = vessels[0]!.meta.cargo_summary[0]!.shipping_line_scac;
  await signInAsDemo(page, "/map");
  const all = await countShown(page);
  await page.getByLabel("Shipping line").selectOption(line);
  await expect(page).toHaveURL(new RegExp(`line=${line}`));
  await expect(page.getByText(/ match the filters$/)).toBeVisible();
  const matching = await countShown(page);
  expect(matching).toBeGreaterThan(0);
  expect(matching).toBeLessThanOrEqual(all);
  await expect(vesselList(page).getByRole("row")).toHaveCount(matching + 1);
  await page.getByLabel("Arriving at next port").selectOption({ label: "Within 30 days" });
  await expect(page).toHaveURL(/within=30/);

  await page.reload();
  await expect(page.getByLabel("Shipping line")).toHaveValue(line);
  await expect(page.getByLabel("Arriving at next port")).toHaveValue("30");
  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).not.toHaveURL(/line=/);
  await expect(page.getByText(/your containers$/)).toBeVisible();
  await expect(vesselList(page).getByRole("row")).toHaveCount((await countShown(page)) + 1);
});

test("a shipment page shows the map of its journey, with the vessel now", async ({ page }) => {
  const vessel = await sailingVessel(page);
  await signInAsDemo(page, `/shipments/${(await cargoAboard(page, vessel.id))[0]!.shipment_id}`);
  const section = page.getByRole("region", { name: "Route map" });
  await section.scrollIntoViewIfNeeded();
  await expectLand(page, section.getByRole("figure", { name: "Map of the journey" }));
  await expect(section).toContainText("(POL)");
  await expect(section).toContainText(`Now: ${vessel.attributes.name}`);
  await expect(section.getByRole("list", { name: "Map legend" })).toContainText("To sail (estimated)");
});

test("a shipment with an inland destination shows the leg beyond the port of discharge on its map", async ({
  page,
}) => {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const response = await page.request.get("/v2/shipments?page[size]=100", {
    headers: { Authorization: `Token ${key}` },
  });
  const shipments: { id: string; attributes: { destination_name: string | null } }[] = (await response.json())
    .data;
  const inland = shipments.find((s) => s.attributes.destination_name !== null);
  if (!inland) throw new Error("the demo data has no shipment with an inland destination");
  await signInAsDemo(page, `/shipments/${inland.id}`);
  const section = page.getByRole("region", { name: "Route map" });
  await section.scrollIntoViewIfNeeded();
  await expectLand(page, section.getByRole("figure", { name: "Map of the journey" }));
  await expect(section).toContainText(`${inland.attributes.destination_name} (inland destination)`);
  await expect(section.getByRole("list", { name: "Map legend" })).toContainText("Inland by rail or road");
});

test("on a phone, a vessel chosen in the list brings the map into view with the vessel on it", async ({
  page,
}) => {
  const vessel = await sailingVessel(page);
  const name = vessel.attributes.name;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemo(page, "/map");
  const map = page.getByRole("figure", { name: "Map of the vessels carrying your containers" });
  await expectLand(page, map);
  // Above the list on a phone: the map is what the page is opened for; the list follows it.
  const list = vesselList(page);
  await expect(map).toBeInViewport({ ratio: 0.5 });
  const [mapBox, listBox] = [await map.boundingBox(), await list.boundingBox()];
  expect(mapBox!.y + mapBox!.height).toBeLessThanOrEqual(listBox!.y);

  // Chosen down in the list, the vessel brings the map back into view.
  await list.getByRole("button", { name, exact: true }).scrollIntoViewIfNeeded();
  await expect(map).not.toBeInViewport({ ratio: 0.9 });
  await list.getByRole("button", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`vessel=${vessel.id}`));
  await expect(map).toBeInViewport({ ratio: 0.9 });
  await expect(map).toBeFocused();
  await expect(page.getByText(`${name} selected: the map above shows it`)).toBeAttached();
  // The map moved to the vessel: its estimated path starts there, on the part of the map in view.
  const path = map.getByRole("img", { name: new RegExp(`^Estimated path of ${name} to `) });
  await expect(path).toBeAttached();
  // (Its next port, with the ETA label, may be an ocean away and out of view: the map flies to the vessel.)
  await expect(path).toBeInViewport();
});

test("a stopped vessel's panel gives no arrival from its speed, and names its own last port", async ({
  page,
}) => {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const stopped = (await fleet(page)).find(
    (v) =>
      v.meta.next_port_ata_at === null &&
      (v.attributes as unknown as { nautical_speed_knots: number | null }).nautical_speed_knots === 0,
  );
  if (!stopped) throw new Error("the demo fleet has no stopped vessel on its way to a port");
  const detail = await (
    await page.request.get(`/v2/vessels/${stopped.id}`, { headers: { Authorization: `Token ${key}` } })
  ).json();
  const lastPort = detail.included.find(
    (p: { id: string }) => p.id === detail.data.relationships.last_port.data.id,
  );

  await signInAsDemo(page, `/map?vessel=${stopped.id}`);
  const panel = page.getByRole("region", { name: stopped.attributes.name });
  await expect(panel.getByText("Last port")).toBeVisible();
  await expect(panel).toContainText(`${lastPort.attributes.name} (${lastPort.attributes.code})`);
  await expect(panel).toContainText(/(Stopped|At berth|In port|At anchor).*\(0\.0 kn\)/);
  await expect(panel).toContainText("No arrival time from its speed while it is stopped");
  await expect(panel).not.toContainText("would reach");
  await expect(panel).toContainText("Carrier's ETA");
});

test("the map names the ports its vessels sail between once zoomed in, and none at world zoom", async ({
  page,
}) => {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const included: { attributes: { name: string; latitude: number; longitude: number } }[] = (
    await (
      await page.request.get("/v2/vessels?page[size]=1000", { headers: { Authorization: `Token ${key}` } })
    ).json()
  ).included;
  const ports = included.map((p) => p.attributes.name);
  // A vessel under way with one of the fleet's ports within a few degrees, so that flying to it brings one into
  // view (the first under way may be in mid-ocean, where no port is near).
  const nearPort = (v: FleetVessel) =>
    included.some(
      (p) =>
        Math.abs(p.attributes.latitude - v.attributes.latitude) < 5 &&
        Math.abs(p.attributes.longitude - v.attributes.longitude) < 5,
    );
  const vessel = await sailingVessel(page, nearPort);
  await signInAsDemo(page, "/map");
  const map = page.getByRole("figure", { name: "Map of the vessels carrying your containers" });
  await expectLand(page, map);
  const named = async () => {
    let count = 0;
    for (const port of ports) count += await map.getByText(port, { exact: true }).count();
    return count;
  };
  // Out to the whole world: no port is named.
  const zoomOut = map.getByRole("button", { name: "Zoom out" });
  // (Forced: Leaflet ignores a click while a zoom is animating, and turns the button off at the least zoom.)
  await expect
    .poll(async () => {
      await zoomOut.click({ force: true });
      return zoomOut.isEnabled();
    })
    .toBe(false);
  await expect.poll(named).toBe(0);
  // Choosing a vessel flies to it, closer in: the ports near it are named, none of them twice.
  await vesselList(page).getByRole("button", { name: vessel.attributes.name, exact: true }).click();
  await expect.poll(named).toBeGreaterThan(0);
  for (const port of ports) expect(await map.getByText(port, { exact: true }).count()).toBeLessThan(2);
  // Names only: not in the tab order, and hidden from assistive technology (the list names every port).
  let shownPort = "";
  for (const port of ports) if ((await map.getByText(port, { exact: true }).count()) > 0) shownPort = port;
  const label = map.getByText(shownPort, { exact: true });
  expect(await label.evaluate((e) => e.closest('[aria-hidden="true"]') !== null)).toBe(true);
  expect(await label.evaluate((e) => (e as HTMLElement).tabIndex)).toBe(-1);
});

test("a vessel's panel gives our predicted arrival at its next port beside the carrier's ETA, and each box's", async ({
  page,
}) => {
  const vessel = await sailingVessel(page, (v) => v.meta.next_port_predicted_arrival_at !== null);
  const name = vessel.attributes.name;
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsDemo(page, `/map?vessel=${vessel.id}`);
  const panel = page.getByRole("region", { name });
  await expect(panel.getByRole("heading", { name })).toBeVisible();
  await expect(panel).toContainText("Carrier's ETA");
  await expect(panel).toContainText("Our prediction");
  // The boxes aboard bound for that port say when we expect them there.
  await expect(panel.getByText(/we expect it/).first()).toBeVisible();
});

test("a vessel whose boxes leave it at a port other than its next one rings that port on the map and names it in its panel", async ({
  page,
}) => {
  const { api_key: key } = await (await page.request.get("/demo.json")).json();
  const body = await (
    await page.request.get("/v2/vessels?page[size]=100", { headers: { Authorization: `Token ${key}` } })
  ).json();
  const codeOf = new Map<string, string>(
    body.included.map((p: { id: string; attributes: { code: string } }) => [p.id, p.attributes.code]),
  );
  type Listed = FleetVessel & { relationships: { next_port: { data: { id: string } | null } } };
  const elsewhere = (body.data as Listed[])
    .map((v) => {
      const next = codeOf.get(v.relationships.next_port.data?.id ?? "");
      const pods = (v.meta.cargo_summary as unknown as { port_of_discharge_locode: string | null }[])
        .map((c) => c.port_of_discharge_locode)
        .filter((code): code is string => code !== null && code !== next);
      return { vessel: v, pods };
    })
    .find((v) => v.pods.length > 0);
  // The sandbox's sailings follow the calendar: on a day when every vessel's boxes leave at its next port there
  // is nothing to show (the rule itself is unit-tested in fleet.test.ts and selection.test.ts).
  test.skip(
    !elsewhere,
    "no vessel of the demo fleet has boxes bound for a port other than its next one today",
  );

  await signInAsDemo(page, `/map?vessel=${elsewhere!.vessel.id}`);
  const panel = page.getByRole("region", { name: elsewhere!.vessel.attributes.name });
  const leaves = panel.getByText(/^Your containers (also )?leave it at$/);
  await expect(leaves).toBeVisible();
  const listed = page.getByRole("definition").filter({ hasText: `(${elsewhere!.pods[0]}) · ` });
  await expect(listed).toBeVisible();
  // On the map: the port's own label, beside the next port's ETA label.
  const figure = page.getByRole("figure", { name: "Map of the vessels carrying your containers" });
  await expect(figure.getByText(/ · discharge of your \d+ containers?/).first()).toBeAttached();
  await expect(page.getByRole("list", { name: "Map legend" })).toContainText(
    "Where your containers leave it, when not at its next port",
  );
});
