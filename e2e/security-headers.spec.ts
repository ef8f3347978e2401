// The dashboard's Content-Security-Policy as a browser applies it: another origin that frames the dashboard shows
// nothing, and a script injected into the page could neither load a script from elsewhere nor run an inline one. (That no page of
// the dashboard breaks the policy while doing its work is checked in every test: see `cspViolations` in
// fixtures.ts.) These tests open pages of their own, outside that check, because they break the policy on purpose.
import { expect, test } from "./fixtures";

/** An origin other than the service's, answered by the test itself. */
const ELSEWHERE = "http://elsewhere.test";

test("another origin that frames the dashboard shows nothing of it", async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.route(`${ELSEWHERE}/**`, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Elsewhere</title><h1>Elsewhere</h1>
        <iframe title="Dashboard" src="${baseURL}/sign-in" width="800" height="600"></iframe>`,
    }),
  );
  await page.goto(`${ELSEWHERE}/`);
  await expect(page.getByRole("heading", { name: "Elsewhere" })).toBeVisible();
  // Chromium puts its error page where a refused frame would be.
  await expect
    .poll(() => page.frames().map((f) => f.url()))
    .toContainEqual(expect.stringMatching(/^chrome-error:/));
  const frame = page.frameLocator('iframe[title="Dashboard"]');
  await expect(frame.getByRole("heading", { name: "Sign in" })).toHaveCount(0);
  await expect(frame.getByRole("button")).toHaveCount(0);
  await context.close();
});

test("a script injected into the dashboard can neither load a script from elsewhere nor run an inline one", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  await page.exposeFunction("reportViolation", (directive: string) => violations.push(directive));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation: (d: string) => void }).reportViolation(e.effectiveDirective),
    );
  });
  await page.route(`${ELSEWHERE}/**`, (route) =>
    route.fulfill({ contentType: "text/javascript", body: "window.injected = true;" }),
  );
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
  const outcome = await page.evaluate(async (elsewhere) => {
    const loaded = await new Promise<string>((resolve) => {
      const script = document.createElement("script");
      script.src = `${elsewhere}/injected.js`;
      script.onload = () => resolve("loaded");
      script.onerror = () => resolve("refused");
      document.head.append(script);
    });
    const inline = document.createElement("script");
    inline.textContent = "window.inlineRan = true;";
    document.head.append(inline);
    return { loaded, inlineRan: "inlineRan" in window, injected: "injected" in window };
  }, ELSEWHERE);
  expect(outcome).toEqual({ loaded: "refused", inlineRan: false, injected: false });
  // (Playwright's own evaluate is exempt from the page's policy, so eval is not tried here: the service test checks
  // that the policy has no 'unsafe-eval'.)
  await expect.poll(() => violations).toEqual(["script-src-elem", "script-src-elem"]);
  await context.close();
});
