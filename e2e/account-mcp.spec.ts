// The account page: reached from the account's name, it shows the /mcp address beside the API and copies an
// assistant configuration that carries the signed-in key whole (on screen it is masked), which /mcp accepts.
import AxeBuilder from "@axe-core/playwright";
import { expect, signIn, test } from "./fixtures";

test("the account page gives the MCP address and a configuration that connects with this key", async ({
  page,
  context,
  account,
  baseURL,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, account, "/attention");
  await page
    .getByRole("banner")
    .getByRole("link", { name: /Signed in as/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Ask an assistant (MCP)" })).toBeVisible();
  await expect(page.getByText(`${baseURL}/mcp`, { exact: true })).toBeVisible();
  // The key is never shown whole.
  await expect(page.getByRole("main")).not.toContainText(account.apiKey);

  await page.getByRole("button", { name: "Copy the MCP address" }).click();
  await expect(page.getByRole("button", { name: "Copy the MCP address" })).toHaveText(/Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/mcp`);

  await page.getByRole("button", { name: "Copy remote assistant configuration" }).click();
  await expect(page.getByRole("button", { name: "Copy remote assistant configuration" })).toHaveText(
    /Copied/,
  );
  const config = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  const server = config.mcpServers.boxtrack as { url: string; headers: Record<string, string> };
  expect(server.headers.Authorization).toBe(`Token ${account.apiKey}`);

  // What the snippet says is enough to talk to the MCP server.
  const answer = await request.post(server.url, {
    headers: { ...server.headers, accept: "application/json, text/event-stream" },
    data: {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
    },
  });
  expect(answer.status()).toBe(200);
  expect((await answer.json()).result.serverInfo.name).toBe("boxtrack");

  await page.getByRole("button", { name: "Copy desktop assistant configuration" }).click();
  const desktop = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
  expect(desktop.mcpServers.boxtrack.env).toEqual({
    BOXTRACK_API_KEY: account.apiKey,
    BOXTRACK_API_URL: baseURL,
  });
});

for (const viewport of [
  { name: "desktop", width: 1440, height: 900, colorScheme: "light" },
  { name: "phone", width: 390, height: 844, colorScheme: "light" },
  { name: "desktop, dark theme,", width: 1440, height: 900, colorScheme: "dark" },
] as const) {
  test(`the account page has no WCAG A/AA violation on a ${viewport.name} screen, and its copy buttons take the keyboard`, async ({
    page,
    account,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.emulateMedia({ colorScheme: viewport.colorScheme });
    await signIn(page, account, "/account");
    await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    ).toEqual([]);
    const copyAddress = page.getByRole("button", { name: "Copy the MCP address" });
    await copyAddress.focus();
    await page.keyboard.press("Tab");
    // The remote snippet (focusable, to scroll it by keyboard) comes next, then its own copy button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Copy remote assistant configuration" })).toBeFocused();
  });
}
