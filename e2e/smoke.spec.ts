// Smoke test: the built service starts, serves the dashboard, and answers /v2 with the demo key.
import { expect, test } from "./fixtures";

test("the API answers with the demo account's shipments", async ({ request }) => {
  const demo = await (await request.get("/demo.json")).json();
  expect(demo.api_key).toMatch(/^trk_/);

  const unauthorized = await request.get("/v2/shipments");
  expect(unauthorized.status()).toBe(401);

  const response = await request.get("/v2/shipments", {
    headers: { Authorization: `Token ${demo.api_key}` },
  });
  expect(response.status()).toBe(200);
  const body = await response.json();
  expect(body.data).toHaveLength(30);
  expect(body.meta.total).toBeGreaterThanOrEqual(60);
  expect(body.links.next).toContain("page[number]=2");
});

test("the dashboard is served with a heading", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading").first()).toBeVisible();
});
