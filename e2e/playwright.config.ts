// Playwright: end-to-end tests in Debian's Chromium against the real service on a fresh embedded database.
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 4959);
const baseURL = `http://127.0.0.1:${PORT}`;
// One data directory per port, so that two runs on different ports never share (or delete) a database.
const DATA_DIR = `e2e/.results/data-${PORT}`;

export default defineConfig({
  testDir: ".",
  outputDir: `./.results/artifacts-${PORT}`,
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
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
  webServer: {
    // A fresh data directory every run, so that the demo data is the known seed.
    command: `rm -rf ${DATA_DIR} && npx tsx src/server/main.ts`,
    cwd: "..",
    url: `${baseURL}/v2/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR,
      DEMO: "1",
      RATE_LIMIT_PER_MINUTE: "100000",
      LOG_LEVEL: "warn",
      // The webhook tests deliver to their own receiver on 127.0.0.1, over plain http.
      WEBHOOKS_ALLOW_HTTP: "1",
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "1",
    },
  },
});
