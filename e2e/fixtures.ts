// What every end-to-end test starts from: the account it works on, signing in to it, and reading the API as it.
//
// The e2e server runs with the sandbox carrier network paused (SANDBOX_PAUSED=1), so the demo account's data does
// not change while a test reads it. Tests that change data (stop tracking, edit tags, create tracking requests or webhooks) use the
// `account` fixture instead: an account of their own, made by the server's test control with as many sandbox
// shipments as the test asks for (`test.use({ shipmentsInAccount: n })`), which no other test sees.
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";

export type { Locator, Page } from "@playwright/test";
export { expect };

export interface Account {
  id: string;
  apiKey: string;
}

interface Fixtures {
  /** Sandbox shipments made in the test's own `account`; 0 by default. */
  shipmentsInAccount: number;
  /** An account of this test's own. */
  account: Account;
  /** The demo account, which no test changes. */
  demo: Account;
  /**
   * Content-Security-Policy violations the test's page reported. Every test fails on any (checked after it), so
   * that every page the suite opens, at each size, doing what each test does with it, runs under the policy.
   */
  cspViolations: string[];
}

/**
 * How long a test-control request may take: the service runs the tracking engine until the account's shipments
 * are settled, which on a busy machine takes longer than a request's default 30 s (the server gives up at 120 s).
 */
export const TEST_CONTROL_TIMEOUT_MS = 150_000;

/** Makes an account of the test's own through the server's test control (`POST /__test__/accounts`). */
export async function createTestAccount(
  request: APIRequestContext,
  data: { company_name: string; shipments?: number; held_box?: boolean; on_rail?: boolean },
): Promise<Account> {
  const response = await request.post("/__test__/accounts", { data, timeout: TEST_CONTROL_TIMEOUT_MS });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: string; api_key: string };
  return { id: body.id, apiKey: body.api_key };
}

export const test = base.extend<Fixtures>({
  cspViolations: [
    async ({ page }, use) => {
      const found: string[] = [];
      // The browser logs a violation as an error; the event names a violation the log might word differently.
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (e) => {
          console.error(
            `securitypolicyviolation: ${e.effectiveDirective} blocked ${e.blockedURI || "an inline part"} in ${e.sourceFile}:${e.lineNumber}`,
          );
        });
      });
      page.on("console", (message) => {
        const text = message.text();
        if (/securitypolicyviolation|Content Security Policy/i.test(text))
          found.push(`${page.url()}: ${text}`);
      });
      await use(found);
      expect(found, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  shipmentsInAccount: [0, { option: true }],
  account: async ({ request, shipmentsInAccount }, use, testInfo) => {
    await use(
      await createTestAccount(request, {
        company_name: `E2E ${testInfo.title}`.slice(0, 200),
        shipments: shipmentsInAccount,
      }),
    );
  },
  demo: async ({ request }, use) => {
    const response = await request.get("/demo.json");
    expect(response.ok()).toBe(true);
    const body = (await response.json()) as { api_key: string };
    await use({ id: "demo", apiKey: body.api_key });
  },
});

/**
 * Signs in with the account's key through the sign-in form's Advanced part (the way to use a key, kept for the
 * tab: a new page of the same context must sign in again), and waits until the page it asked for is there: until
 * then the key may not be stored yet, and a navigation would go to sign-in.
 */
export async function signIn(page: Page, account: Account, path = "/shipments") {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByText("Advanced", { exact: true }).click();
  await page.getByLabel("API key").fill(account.apiKey);
  await page.getByRole("button", { name: "Sign in with the API key" }).click();
  await signedIn(page);
}

/** Signs in as a person with email and password through the sign-in form (the session cookie). */
export async function signInWithPassword(page: Page, email: string, password: string, path = "/shipments") {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await signedIn(page);
}

/** Opens the header's account menu and signs out there. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: /^Signed in as/ }).click();
  await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
}

/** Signs in with the sign-in page's "Use the demo account" button. */
export async function signInAsDemo(page: Page, path = "/shipments") {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByRole("button", { name: "Use the demo account" }).click();
  await signedIn(page);
}

/** The sign-in page's address (its path exactly: /settings/sign-in is a page of the app). */
export const SIGN_IN_URL = /^[a-z]+:\/\/[^/]+\/sign-in(?:[?#]|$)/;

async function signedIn(page: Page) {
  await expect(page).not.toHaveURL(SIGN_IN_URL);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toHaveCount(0);
}

/** GETs a /v2 path as the account and returns the parsed JSON:API document. */
// biome-ignore lint/suspicious/noExplicitAny: tests read documents loosely, each checking only what it is about.
export async function apiGet<T = any>(
  request: APIRequestContext,
  account: Account,
  path: string,
): Promise<T> {
  const response = await request.get(path, { headers: { Authorization: `Token ${account.apiKey}` } });
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** POSTs a JSON:API document to a /v2 path as the account; returns the response to check. */
export function apiPost(request: APIRequestContext, account: Account, path: string, data: unknown) {
  return request.post(path, {
    headers: { Authorization: `Token ${account.apiKey}`, "Content-Type": "application/vnd.api+json" },
    data,
  });
}

/**
 * Moves the account's sandbox world `hours` on and has the service refresh its shipments (test control), so that
 * it records real events for that account only; returns how many it recorded. The demo account never moves.
 */
export async function advanceAccount(
  request: APIRequestContext,
  account: Account,
  hours: number,
  /** False: move the world only, and leave the shipments to their next turn (or a user's refresh). */
  refresh = true,
): Promise<{ events: number; shipments_refreshed: number; hours_ahead: number }> {
  const response = await request.post(`/__test__/accounts/${account.id}/advance`, {
    data: { hours, refresh },
    timeout: TEST_CONTROL_TIMEOUT_MS,
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The inbound SMTP listener of the server under test (playwright.config.ts starts it on the port after 1000). */
export const SMTP_PORT = Number(process.env.E2E_PORT ?? 4959) + 1000;
/** The tests' mail server (mail-catcher.ts) answers what it received here; the service sends to the port before. */
export const MAIL_CATCHER_PORT = Number(process.env.E2E_PORT ?? 4959) + 3001;
/** The single sign-on tests' OpenID Connect provider listens here; the service trusts it (SSO_TRUSTED_ISSUERS). */
export const IDP_PORT = Number(process.env.E2E_PORT ?? 4959) + 2000;
