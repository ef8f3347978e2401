// Dashboard webhooks: create a webhook whose address is a real receiver run by the test, see its secret once,
// send a test and check the delivery's signatures with the code the dashboard shows, find the delivery and its
// attempt in the notification log (filters in the URL), the API's errors beside the form's fields, resend a
// failed notification, and delete after a confirmation. Each test has its own receiver and an account of its own,
// so no other test's webhooks or notifications show in its lists.
import { createHmac, timingSafeEqual } from "node:crypto";
import { WEBHOOK_EVENTS } from "../src/api/webhook-events";
import { type Receiver, startReceiver } from "../src/server/webhooks/test-receiver";
import {
  SAME_TEXT_RECIPE,
  STANDARD_WEBHOOKS_RECIPE,
  T49_RECIPE,
} from "../src/web/features/webhooks/signature-recipes";
import { apiPost, expect, signIn, test } from "./fixtures";

/** A delivery's time as the dashboard words it: in milliseconds, or in seconds from one second (a busy machine). */
const DURATION = String.raw`(\d+ ms|\d+\.\d s)`;

type Headers = Record<string, string | string[] | undefined>;
type Verify = (secret: string, rawBody: string, headers: Headers) => boolean;

/** The receiver code the dashboard shows, compiled as written (with what its import line brings). */
const recipes = new Function(
  "createHmac",
  "timingSafeEqual",
  "Buffer",
  `${SAME_TEXT_RECIPE}\n${T49_RECIPE}\n${STANDARD_WEBHOOKS_RECIPE}\nreturn { t49: verifyT49Signature, standard: verifyStandardWebhooks };`,
)(createHmac, timingSafeEqual, Buffer) as { t49: Verify; standard: Verify };

/** A path no other test uses, so that each webhook has its own address. */
function freshPath(what: string): string {
  return `/${what}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test("a webhook made in the dashboard shows its secret once, gets a signed test and logs the delivery", async ({
  page,
  context,
  account,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signIn(page, account, "/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await page.getByRole("link", { name: "New webhook" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New webhook" })).toBeVisible();

  const url = `${receiver.url}${freshPath("hooks")}`;
  await page.getByRole("textbox", { name: "Address" }).fill(url);

  // Events by group: the group's box chooses all of it, and is mixed when only part is chosen.
  const vessel = page.getByRole("checkbox", { name: "All Vessel events" });
  await vessel.check();
  for (const name of ["container.transport.vessel_loaded", "container.transport.vessel_departed"])
    await expect(page.getByRole("checkbox", { name, exact: true })).toBeChecked();
  await page.getByRole("checkbox", { name: "container.transport.vessel_berthed", exact: true }).uncheck();
  await expect(vessel).not.toBeChecked();
  await expect(vessel).toHaveJSProperty("indeterminate", true);
  await page.getByRole("checkbox", { name: "tracking_request.succeeded", exact: true }).check();

  // A custom header, sent with every delivery.
  await page.getByRole("button", { name: "Add a header" }).click();
  await expect(page.getByRole("textbox", { name: "Header 1 name" })).toBeFocused();
  await page.getByRole("textbox", { name: "Header 1 name" }).fill("X-Receiver-Token");
  await page.getByRole("textbox", { name: "Header 1 value" }).fill("e2e-token");
  await page.getByRole("button", { name: "Create webhook" }).click();

  // The secret, once, with a copy button and how to verify a delivery.
  await expect(page.getByRole("heading", { level: 1, name: "Webhook created" })).toBeFocused();
  const secret = await page.getByRole("textbox", { name: "Signing secret" }).inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  await page.getByRole("button", { name: "Copy the signing secret" }).click();
  await expect(page.getByRole("button", { name: "Copy the signing secret" })).toHaveText(/Copied/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await expect(page.getByRole("heading", { name: "How to verify a delivery" })).toBeVisible();
  await expect(page.getByText("X-T49-Webhook-Signature").first()).toBeVisible();

  // The webhook's page: no secret there, a test sent to the receiver, its outcome shown.
  await page.getByRole("link", { name: "Open the webhook and send a test" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Webhook ${url}` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveCount(0);
  await expect(page.getByText(secret)).toHaveCount(0);
  await page.getByRole("combobox", { name: "Event" }).selectOption("tracking_request.succeeded");
  await page.getByRole("button", { name: "Send test notification" }).click();
  await expect(
    page.getByText(new RegExp(`Delivered: the receiver answered 200 in ${DURATION}\\.`)),
  ).toBeVisible();

  // What arrived: a POST with the custom header, both signatures valid by the code the dashboard shows.
  const delivery = receiver.requests.find((r) => JSON.parse(r.body).meta?.test === true);
  if (!delivery) throw new Error("the test notification did not arrive");
  expect(delivery.method).toBe("POST");
  expect(delivery.headers["x-receiver-token"]).toBe("e2e-token");
  expect(delivery.headers["content-type"]).toBe("application/json");
  expect(recipes.t49(secret, delivery.body, delivery.headers)).toBe(true);
  expect(recipes.standard(secret, delivery.body, delivery.headers)).toBe(true);
  expect(recipes.t49(secret, `${delivery.body} `, delivery.headers)).toBe(false);
  const document = JSON.parse(delivery.body);
  expect(document.data.type).toBe("webhook_notification");
  expect(document.data.attributes.event).toBe("tracking_request.succeeded");
  const notificationId = String(delivery.headers["webhook-id"]);
  expect(document.data.id).toBe(notificationId);

  // The notification's page: its attempt and its payload.
  await page.getByRole("link", { name: "See the notification and its attempts" }).click();
  await expect(page).toHaveURL(new RegExp(`/webhooks/notifications/${notificationId}$`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Notification tracking_request.succeeded" }),
  ).toBeVisible();
  const attempts = page.getByRole("table", { name: "Delivery attempts" });
  const firstAttempt = attempts.getByRole("row").nth(1);
  await expect(firstAttempt).toContainText("200");
  await expect(firstAttempt).toContainText("ok");
  await expect(firstAttempt).toContainText(new RegExp(DURATION));
  await expect(page.getByRole("heading", { name: "Payload" })).toBeVisible();
  await expect(page.getByText('"webhook_notification"').first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend" })).toHaveCount(0);

  // The log, filtered by this webhook, the event and the status; the filters live in the URL.
  await page.getByRole("link", { name: "← Notification log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notification log" })).toBeVisible();
  await page.getByRole("combobox", { name: "Webhook" }).selectOption({ label: url });
  await expect(page).toHaveURL(/webhook=[0-9a-f-]{36}/);
  await page.getByRole("combobox", { name: "Event" }).selectOption("tracking_request.succeeded");
  await expect(page).toHaveURL(/event=tracking_request\.succeeded/);
  const log = page.getByRole("table", { name: "Webhook notifications" });
  const testRow = log.getByRole("row").filter({ hasText: "Test" });
  await expect(testRow).toHaveCount(1);
  await expect(testRow).toContainText("Delivered");
  await expect(testRow.getByRole("link", { name: "tracking_request.succeeded" })).toHaveAttribute(
    "href",
    `/webhooks/notifications/${notificationId}`,
  );
  await page.getByRole("combobox", { name: "Status" }).selectOption("failed");
  await expect(page).toHaveURL(/delivery=failed/);
  await expect(page.getByRole("heading", { name: "No notifications match these filters" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("failed");
  await expect(page.getByRole("combobox", { name: "Event" })).toHaveValue("tracking_request.succeeded");
  await page.getByRole("combobox", { name: "Status" }).selectOption("succeeded");
  await expect(testRow).toHaveCount(1);

  // The list shows the webhook with what it listens to.
  await page.getByRole("link", { name: "← Webhooks" }).click();
  const listed = page
    .getByRole("table", { name: "Webhooks" })
    .getByRole("row", { name: new RegExp(escapeRegExp(url)) });
  await expect(listed).toContainText("Active");
  await expect(listed).toContainText("7 events");
  await expect(listed).toContainText("Vessel (6 of 7)");
  await expect(listed).toContainText("Tracking request (1 of 4)");
  await expect(listed).toContainText("With 1 custom header");
});

test("a tracking request's outcome reaches the receiver signed, and is in the log", async ({
  page,
  account,
}) => {
  const url = `${receiver.url}${freshPath("requests")}`;
  const created = await apiPost(page.request, account, "/v2/webhooks", {
    data: { type: "webhook", attributes: { url, events: [...WEBHOOK_EVENTS] } },
  });
  expect(created.status()).toBe(201);
  const webhook = (await created.json()).data as { id: string; attributes: { secret: string } };

  // The hosted API's test number, which always succeeds: the engine looks it up within a second or two and the
  // worker delivers the outcome.
  const number = "TEST-TR-SUCCEEDED";
  const request = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: { request_type: "bill_of_lading", request_number: number, scac: "TEST" },
    },
  });
  expect(request.status()).toBe(201);
  const requestId = (await request.json()).data.id as string;
  const aboutRequest = () =>
    receiver.requests.find(
      (r) => JSON.parse(r.body).data.relationships.reference_object.data?.id === requestId,
    );
  await expect.poll(() => aboutRequest() !== undefined).toBe(true);
  const delivery = aboutRequest()!;
  expect(recipes.t49(webhook.attributes.secret, delivery.body, delivery.headers)).toBe(true);
  expect(recipes.standard(webhook.attributes.secret, delivery.body, delivery.headers)).toBe(true);
  const document = JSON.parse(delivery.body);
  expect(document.data.attributes.event).toBe("tracking_request.succeeded");
  expect(document.meta?.test).toBeUndefined();

  // The dashboard's log has it, delivered at the first attempt, with a link to the tracking request.
  await signIn(page, account, `/webhooks/notifications?webhook=${webhook.id}&size=100`);
  await page
    .getByRole("table", { name: "Webhook notifications" })
    .locator(`a[href="/webhooks/notifications/${document.data.id}"]`)
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(document.data.attributes.event);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
  await expect(page.getByRole("table", { name: "Delivery attempts" }).getByRole("row").nth(1)).toContainText(
    "200",
  );
  await page.getByRole("link", { name: `Tracking request ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/tracking-requests/${requestId}$`));
});

test("a bad address in the notification log's URL falls back instead of failing", async ({
  page,
  account,
}) => {
  await signIn(
    page,
    account,
    "/webhooks/notifications?delivery=lost&event=container.teleported&webhook=nope&page=-2",
  );
  await expect(page.getByRole("heading", { level: 1, name: "Notification log" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("all");
  await expect(page.getByRole("combobox", { name: "Event" })).toHaveValue("");
  await expect(page.getByRole("combobox", { name: "Webhook" })).toHaveValue("");
});

test("the API's validation errors are shown beside the fields they are about", async ({ page, account }) => {
  await signIn(page, account, "/webhooks/new");
  const address = page.getByRole("textbox", { name: "Address" });

  // The form's own checks first: nothing given.
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(/Enter the address/);
  await expect(page.getByRole("group", { name: "Events", exact: true })).toHaveAccessibleDescription(
    /Choose at least one event/,
  );

  // A header the service sets itself: the API's word on it appears under that header's row.
  await address.fill(`${receiver.url}${freshPath("invalid")}`);
  await page.getByRole("checkbox", { name: "container.created", exact: true }).check();
  await page.getByRole("button", { name: "Add a header" }).click();
  await page.getByRole("textbox", { name: "Header 1 name" }).fill("X-Fine");
  await page.getByRole("textbox", { name: "Header 1 value" }).fill("1");
  await page.getByRole("button", { name: "Add a header" }).click();
  await page.getByRole("textbox", { name: "Header 2 name" }).fill("Content-Type");
  await page.getByRole("textbox", { name: "Header 2 value" }).fill("text/plain");
  const answer = page.waitForResponse(
    (r) => r.url().endsWith("/v2/webhooks") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Create webhook" }).click();
  const response = await answer;
  expect(response.status()).toBe(422);
  const { errors } = (await response.json()) as {
    errors: { detail: string; source?: { pointer?: string } | null }[];
  };
  expect(errors.map((e) => e.source?.pointer)).toEqual(["/data/attributes/headers/1/name"]);
  const header2 = page.getByRole("textbox", { name: "Header 2 name" });
  await expect(header2).toHaveAttribute("aria-invalid", "true");
  await expect(header2).toBeFocused();
  await expect(header2).toHaveAccessibleDescription(/set by the service/);
  await expect(page.getByRole("textbox", { name: "Header 1 name" })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  await expect(address).not.toHaveAttribute("aria-invalid", "true");

  // Without that header, the address is judged: only http(s) addresses are.
  await page.getByRole("button", { name: "Remove header 2 (Content-Type)" }).click();
  await address.fill("ftp://example.com/hooks");
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toBeFocused();
  await expect(address).toHaveAccessibleDescription(/url must be an http or https address/);
  await expect(page).toHaveURL(/\/webhooks\/new$/);

  await address.fill(`${receiver.url}${freshPath("valid")}`);
  await page.getByRole("button", { name: "Create webhook" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook created" })).toBeVisible();
});

test("a failed delivery can be resent, and a webhook is deleted only after confirmation", async ({
  page,
  account,
}) => {
  // The receiver says it is gone (410) the first time, which fails the notification and pauses the webhook.
  let tests = 0;
  receiver.reply = (request) =>
    JSON.parse(request.body).meta?.test === true && tests++ === 0
      ? { status: 410, body: "gone for now" }
      : { status: 200, body: "back again" };
  const url = `${receiver.url}${freshPath("gone")}`;
  const created = await apiPost(page.request, account, "/v2/webhooks", {
    data: { type: "webhook", attributes: { url, events: ["container.transport.full_out"] } },
  });
  expect(created.status()).toBe(201);
  const webhookId = (await created.json()).data.id as string;

  await signIn(page, account, `/webhooks/${webhookId}`);
  const heading = page.getByRole("heading", { level: 1, name: `Webhook ${url}` });
  await expect(heading).toContainText("Active");
  await page.getByRole("button", { name: "Send test notification" }).click();
  await expect(
    page.getByText(/Not delivered: HTTP 410: the receiver is gone; the webhook was deactivated/),
  ).toBeVisible();
  await expect(heading).toContainText("Paused");

  // Resend: the same notification goes out again (a test is sent even to a paused webhook) and is delivered.
  await page.getByRole("link", { name: "See the notification and its attempts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Failed");
  // Why it failed, as the service recorded it.
  await expect(
    page.getByText(
      "Not delivered: the receiver answered 410 Gone, and the webhook was deactivated. It can be resent.",
    ),
  ).toBeVisible();
  await page.getByRole("button", { name: "Resend" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Delivered");
  const attempts = page.getByRole("table", { name: "Delivery attempts" }).getByRole("row");
  await expect(attempts).toHaveCount(3);
  await expect(attempts.nth(1)).toContainText("410");
  await expect(attempts.nth(1)).toContainText("gone for now");
  await expect(attempts.nth(2)).toContainText("200");
  await expect(attempts.nth(2)).toContainText("back again");
  // Both attempts carried the same webhook-id, the notification's.
  const notificationId = page.url().split("/").at(-1);
  expect(receiver.ids().filter((id) => id === notificationId)).toHaveLength(2);

  // Delete: Escape cancels and gives the focus back; confirming deletes and returns to the list.
  await page.getByRole("link", { name: url }).click();
  const deleteButton = page.getByRole("button", { name: "Delete webhook" });
  await deleteButton.click();
  const dialog = page.getByRole("dialog", { name: "Delete this webhook?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete webhook" }).click();
  await expect(page).toHaveURL(/\/webhooks$/);
  await expect(page.getByText("Webhook deleted")).toBeVisible();
  await expect(page.getByRole("link", { name: url })).toHaveCount(0);
  await page.goto(`/webhooks/${webhookId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
});

test("a change saved elsewhere while the settings are being edited never overwrites the edits", async ({
  page,
  request,
  account,
}) => {
  // The page's clock is the test's to move: the webhook's answer stays fresh for 30 s, after which coming back
  // to the tab asks the API again, as it would after a person went to copy an address from another window.
  await page.clock.install();
  const first = `${receiver.url}${freshPath("first")}`;
  const created = await apiPost(request, account, "/v2/webhooks", {
    data: { type: "webhook", attributes: { url: first, events: ["container.created"], active: true } },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { data: { id: string } }).data.id;
  const changeElsewhere = async (attributes: Record<string, unknown>) => {
    const response = await request.patch(`/v2/webhooks/${id}`, {
      headers: { Authorization: `Token ${account.apiKey}`, "Content-Type": "application/vnd.api+json" },
      data: { data: { type: "webhook", id, attributes } },
    });
    expect(response.status()).toBe(200);
  };
  const comeBackLater = async () => {
    const answer = page.waitForResponse(
      (r) => r.url().endsWith(`/v2/webhooks/${id}`) && r.request().method() === "GET",
    );
    await page.clock.fastForward("01:00");
    await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
    await answer;
  };

  await signIn(page, account, `/webhooks/${id}`);
  const address = page.getByRole("textbox", { name: "Address" });
  const active = page.getByRole("checkbox", { name: "Active" });
  const notice = page.getByRole("status").filter({ hasText: "changed while you were editing" });
  await expect(address).toHaveValue(first);
  const mine = `${receiver.url}${freshPath("mine")}`;
  await address.fill(mine);

  // A teammate (or a receiver answering 410) pauses it: the field the person left follows, what they typed stays.
  await changeElsewhere({ active: false });
  await comeBackLater();
  await expect(page.getByText("This webhook is paused")).toBeVisible();
  await expect(active).not.toBeChecked();
  await expect(address).toHaveValue(mine);
  await expect(notice).toBeHidden();

  // The address is changed elsewhere too, the field they typed in: their edit stays, and the form says so.
  const theirs = `${receiver.url}${freshPath("theirs")}`;
  await changeElsewhere({ url: theirs });
  await comeBackLater();
  await expect(notice).toBeVisible();
  await expect(address).toHaveValue(mine);

  // The person takes the saved settings instead: their edit goes.
  await page.getByRole("button", { name: "Discard my edits and show the saved settings" }).click();
  await expect(notice).toBeHidden();
  await expect(address).toHaveValue(theirs);
  await expect(active).not.toBeChecked();

  // With nothing edited, the next change elsewhere simply shows.
  await changeElsewhere({ active: true, events: ["container.created", "container.updated"] });
  await comeBackLater();
  await expect(active).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "container.updated", exact: true })).toBeChecked();
  await expect(notice).toBeHidden();

  // Their own save is no change "elsewhere": the form shows what was saved, without the notice.
  await address.fill(mine);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Webhook saved")).toBeVisible();
  await expect(address).toHaveValue(mine);
  await expect(notice).toBeHidden();
});
