// Toasts stay above everything, maps included: after stopping tracking on a shipment page whose route map lies
// under the toast's corner, the toast's own button is what a click there reaches (Leaflet's panes, z-index 400 to
// 1000, used to cover it). Works in an account of its own, since it stops a shipment's tracking.
import { apiGet, expect, signIn, test } from "./fixtures";

test.use({ shipmentsInAccount: 1 });

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the stop-tracking toast is above the route map and can be dismissed (${viewport.width}×${viewport.height})`, async ({
    page,
    account,
  }) => {
    await page.setViewportSize(viewport);
    const shipments = await apiGet(page.request, account, "/v2/shipments");
    const shipment = shipments.data[0];
    await signIn(page, account, `/shipments/${shipment.id}`);

    const map = page.getByRole("region", { name: "Route map" }).getByRole("figure");
    await expect(map).toBeVisible();
    await expect(page.getByText("Loading the map…")).toHaveCount(0);
    // The map's bottom edge at the bottom of the window: the toast's corner is over the map.
    await map.evaluate((element) => element.scrollIntoView({ block: "end" }));

    await page.getByRole("button", { name: "Stop tracking" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Stop tracking" }).click();
    const toast = page.getByRole("region", { name: "Notifications" }).getByRole("status");
    await expect(toast).toContainText("Tracking stopped");
    // Closing the dialog gave focus back to its button, which may have scrolled the map away from the corner.
    await map.evaluate((element) => element.scrollIntoView({ block: "end" }));

    const dismiss = toast.getByRole("button", { name: "Dismiss notification" });
    // The toast lies over the map, and what a click reaches at its centre and at its button's is the toast itself
    // (before, a map pane took those clicks).
    const mapBox = (await map.boundingBox())!;
    const toastBox = (await toast.getByText("Tracking stopped").boundingBox())!;
    const buttonBox = (await dismiss.boundingBox())!;
    const centres = [toastBox, buttonBox].map((b) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 }));
    const overMap = (p: { x: number; y: number }) =>
      p.x > mapBox.x && p.x < mapBox.x + mapBox.width && p.y > mapBox.y && p.y < mapBox.y + mapBox.height;
    expect(centres.some(overMap), "the toast is drawn over the map").toBe(true);
    for (const centre of centres) {
      const reached = await page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest("[role=status]")?.textContent ?? null,
        centre,
      );
      expect(reached).toContain("Tracking stopped");
    }

    await dismiss.click();
    await expect(toast).not.toContainText("Tracking stopped");
  });
}
