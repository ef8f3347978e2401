// "Refresh now" on the container page: the service's engine looks at the container's shipment at once, the page
// says the refresh started, and what the carrier shows now arrives on the open page through the live stream; a
// second refresh within the minute says how long to wait (a polite status); the button is disabled while tracking
// is stopped. Each test works on an account of its own, whose sandbox world the test moves on.
import type { APIRequestContext } from "@playwright/test";
import type { ContainerStatus } from "../src/api/containers";
import { containerStatusWords } from "../src/web/lib/format";
import { type Box, boxes, statusNow } from "./account-boxes";
import { type Account, advanceAccount, expect, type Page, signIn, test } from "./fixtures";

test.use({ shipmentsInAccount: 3 });

/** A box whose journey is not over, so that the carrier has news of it once its world moves on. */
async function movingBox(request: APIRequestContext, account: Account): Promise<Box> {
  const box = (await boxes(request, account)).find((b) => b.status !== "empty_returned");
  expect(box, "the account has a container still on its way").toBeDefined();
  return box!;
}

const refreshButton = (page: Page, box: Box) =>
  page.getByRole("button", { name: `Refresh now container ${box.number}` });

/** The container page showing this status (in the words its header uses, beside "Status"). */
const showsStatus = (page: Page, status: ContainerStatus) =>
  page
    .getByRole("definition")
    .filter({ hasText: new RegExp(`^${containerStatusWords(status)}$`) })
    .first();

test("Refresh now makes the engine look at once, and what it finds shows on the open page", async ({
  page,
  request,
  account,
}) => {
  const box = await movingBox(request, account);
  await signIn(page, account, `/containers/${box.id}`);
  await expect(showsStatus(page, box.status)).toBeVisible();
  // Connected to the live stream before anything is recorded.
  await expect(page.getByRole("status", { name: "Live updates" })).toHaveText("Live");

  // Two months on in the carrier's world: every voyage has news. Only the world moved; the engine waits for
  // the shipment's next turn, hours away, so nothing has changed for the service yet.
  await advanceAccount(request, account, 24 * 60, false);
  expect(await statusNow(request, account, box.id)).toBe(box.status);

  await refreshButton(page, box).click();
  await expect(
    page.getByRole("status").filter({ hasText: /^Refresh started: asking the shipping line/ }),
  ).toBeVisible();
  await expect.poll(() => statusNow(request, account, box.id)).not.toBe(box.status);
  const now = await statusNow(request, account, box.id);
  // On the page without a reload: the live stream brought it.
  await expect(showsStatus(page, now)).toBeVisible();
});

test("a second refresh within the minute says how long to wait, politely", async ({
  page,
  request,
  account,
}) => {
  const box = await movingBox(request, account);
  const first = await request.patch(`/v2/containers/${box.id}/refresh`, {
    headers: { Authorization: `Token ${account.apiKey}` },
  });
  expect(first.status()).toBe(200);
  await signIn(page, account, `/containers/${box.id}`);
  await refreshButton(page, box).click();
  const status = page
    .getByRole("status")
    .filter({ hasText: /can be refreshed again in \d+ (seconds?|minute)\.$/ });
  await expect(status).toBeVisible();
  // Said once, in the status: neither an alert nor the failed-change toast.
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("The change was not saved")).toHaveCount(0);
  // The button says where its news is, and stays usable from the keyboard.
  await expect(refreshButton(page, box)).toHaveAccessibleDescription(/can be refreshed again in/);
  await refreshButton(page, box).focus();
  await page.keyboard.press("Enter");
  await expect(status).toBeVisible();
});

test("Refresh now is disabled while tracking is stopped, saying why", async ({ page, request, account }) => {
  const box = await movingBox(request, account);
  const stopped = await request.patch(`/v2/shipments/${box.shipmentId}/stop_tracking`, {
    headers: { Authorization: `Token ${account.apiKey}` },
  });
  expect(stopped.status()).toBe(200);
  await signIn(page, account, `/containers/${box.id}`);
  await expect(refreshButton(page, box)).toBeDisabled();
  await expect(refreshButton(page, box)).toHaveAccessibleDescription(
    "Tracking is stopped: resume it on the shipment page to refresh.",
  );
});
