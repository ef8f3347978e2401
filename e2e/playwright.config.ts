// Playwright: end-to-end tests in Debian's Chromium against the real service on a fresh embedded database.
//
// The suite must pass on a busy machine every time, without retries: the sandbox carrier network's world is
// paused so that the demo data holds still, tests that change data get accounts of their own (see fixtures.ts), and the timeouts
// below, sized for a slow machine, are the only ones: no test sets its own.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4959);
const baseURL = `http://127.0.0.1:${PORT}`;
// One data directory per port, so that two runs on different ports never share (or delete) a database.
const DATA_DIR = `e2e/.results/data-${PORT}`;
// The tests' mail server takes SMTP on this port and answers what it received on the next (fixtures.ts names it).
const MAIL_SMTP_PORT = PORT + 3000;

export default defineConfig({
  testDir: ".",
  outputDir: `./.results/artifacts-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  // A test of several pages on a 2-core machine that other work keeps busy took over 2 minutes; the budget is
  // only a hang detector, each step keeps its own 30 s.
  timeout: 240_000,
  expect: { timeout: 30_000 },
  use: {
    baseURL,
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      // The tests' own mail server: the service sends over real SMTP to it (SMTP_URL below), and the tests read
      // the links people are mailed from its HTTP reader (mail-catcher.ts).
      command: `node --import tsx e2e/mail-catcher.ts ${MAIL_SMTP_PORT} ${MAIL_SMTP_PORT + 1}`,
      cwd: "..",
      url: `http://127.0.0.1:${MAIL_SMTP_PORT + 1}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // A fresh data directory every run, so that the demo data is the known seed.
      command: `rm -rf ${DATA_DIR} && node dist/server/main.mjs`,
      cwd: "..",
      url: `${baseURL}/v2/openapi.json`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: "pipe",
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR,
        DEMO: "1",
        RATE_LIMIT_PER_MINUTE: "100000",
        // The suite's people read far faster than anyone clicks (every test signs in as a few of them).
        PEOPLE_RATE_LIMIT_PER_MINUTE: "100000",
        TRACKING_REQUEST_LIMIT_PER_MINUTE: "100000",
        LOG_LEVEL: "warn",
        // The sandbox carrier network's world stands still: nothing changes under a test unless the test does it.
        SANDBOX_PAUSED: "1",
        // Accounts of the tests' own (POST /__test__/accounts), answered to loopback clients only.
        TEST_CONTROL: "1",
        // New tracking requests and deliveries are picked up at once, so waiting for them stays short.
        TRACKING_INTERVAL_MS: "250",
        WEBHOOKS_INTERVAL_MS: "250",
        // The webhook tests deliver to their own receiver on 127.0.0.1, over plain http.
        WEBHOOKS_ALLOW_HTTP: "1",
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
        // Carrier connections: the tests connect to this service's own DCSA publisher (/dcsa/sandbox/<SCAC>) and to
        // closed ports on 127.0.0.1, which only an internal connection may reach; secrets need a key to be stored.
        CARRIER_CONNECTIONS_ALLOW_INTERNAL: "1",
        SECRETS_KEY: "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        // Single sign-on: the tests run a real OpenID Connect provider on this loopback port (fixtures.ts, IDP_PORT).
        SSO_TRUSTED_ISSUERS: `http://127.0.0.1:${PORT + 2000}`,
        DCSA_SANDBOX_API_KEY: "e2e-sandbox-key",
        // Email in: the documents tests send mail to the listener with a real SMTP client (fixtures.ts names the port).
        INBOUND_SMTP_PORT: String(PORT + 1000),
        INBOUND_MAIL_DOMAIN: "in.boxtrack.test",
        // Mail out (invitations, resets, confirmations, alerts) goes to the tests' own SMTP server, as in production.
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        MAIL_FROM: "Boxtrack e2e <tracking@e2e.example>",
        // A person's alert emails go as they are raised (a pass's as one): the e2e server's clock is real time, and
        // a test cannot wait out the 10-minute grouping window (the service tests check it, on their own clock).
        ALERT_EMAIL_GROUP_MINUTES: "0",
      },
    },
  ],
});
