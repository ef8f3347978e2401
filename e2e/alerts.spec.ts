// Alerts in the dashboard and by mail: a person of the test's own account adds a rule in Settings → Alerts; the
// bell counts what it raised without a reload; the email reaches the tests' SMTP server (mail-catcher.ts) with the
// container, its last free day and a link that opens it; one-click unsubscribe (RFC 8058, as a mail client posts it)
// takes email off the rule; the notifications page links to the containers and marks them read, one or all; on a
// phone too. A rule's Slack channel posts Block Kit to an incoming webhook the test runs on loopback. A key alone is
// told why it sees none.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { createTestAccount, expect, type Page, signIn, signInWithPassword, test } from "./fixtures";
import { accountWithPeople, type ReceivedMail, receivedMail } from "./people";

const PHONE = { width: 390, height: 844 };

/** axe's WCAG 2.x A and AA rules find nothing on the page as it is now. */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

async function expectFitsScreen(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}

/** The first message to `email` whose subject contains `text`, once the tests' SMTP server has it. */
async function mailTo(email: string, text: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(async () => {
      const messages = await receivedMail();
      found = messages.find((m) => m.to.includes(email.toLowerCase()) && m.subject.includes(text));
      return found?.subject;
    })
    .toBeDefined();
  return found!;
}

test("a person's rule raises alerts that the bell counts and mails with a link and one-click unsubscribe; the notifications page marks them read", async ({
  page,
  request,
}) => {
  const email = `ana.${Date.now()}@alerts.example`;
  const account = await accountWithPeople(
    request,
    "E2E Alerts Co",
    [{ email, role: "member", name: "Ana Alert" }],
    { held_box: true },
  );
  await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
  await expect(page.getByRole("heading", { level: 1, name: "Alert rules" })).toBeVisible();
  await expect(page.getByText("No rules yet.")).toBeVisible();

  // Add a rule from the keyboard-usable form, by its labels; by email and in the dashboard.
  await page.getByLabel("Name").fill("E2E last free days");
  await page.getByLabel("Tell me when").selectOption({ label: "Last free day within N days" });
  await page.getByLabel("Days ahead (N)").fill("2");
  await expect(page.getByLabel("Email")).toBeChecked();
  await page.getByRole("button", { name: "Add rule" }).click();
  const rules = page.getByRole("list", { name: "Alert rules" });
  await expect(rules.getByText("E2E last free days")).toBeVisible();
  await expect(rules.getByText(/^Last free day within 2 days · Everything · .*email/)).toBeVisible();

  // The header's bell (the page's own links to Notifications are elsewhere).
  const bell = (name: string | RegExp) =>
    page.getByRole("banner").getByRole("link", { name, exact: typeof name === "string" });

  // The rule tells at once of the boxes already in its window: the bell counts them, without a reload.
  await expect(bell(/^Notifications, \d+ unread$/)).toBeVisible();
  const unreadOf = async () =>
    Number(/(\d+) unread/.exec((await bell(/^Notifications/).getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  const before = await unreadOf();
  expect(before).toBeGreaterThan(0);

  // The email: what happened to which box, its last free day, a link that opens it, and one-click unsubscribe.
  // When the rule matched several of the shipment's boxes at once they come as one email, which lists them, first
  // the one its subject names ("3 alerts: LFD tomorrow: … and 2 more"), still naming the rule.
  const mail = await mailTo(email, "LFD ");
  const subject = /^(?:\d+ alerts: )?LFD (?:today|tomorrow|in \d days): (\w+)/.exec(mail.subject);
  expect(subject, mail.subject).not.toBeNull();
  const container = subject![1]!;
  const listed = (await (await page.request.get("/v2/notifications")).json()) as {
    data: {
      attributes: { container_number: string };
      relationships: { container: { data: { id: string } } };
    }[];
  };
  const containerId = listed.data.find((n) => n.attributes.container_number === container)?.relationships
    .container.data.id;
  expect(containerId, `a notification for ${container}`).toBeDefined();
  expect(mail.text).toMatch(/Last free day: \d{4}-\d{2}-\d{2} \(/);
  expect(mail.text).toContain("your alert rule “E2E last free days”");
  const open = /Open the container: (\S+)/.exec(mail.text)?.[1];
  expect(open).toBeDefined();
  expect(new URL(open!).pathname).toBe(`/containers/${containerId}`);
  await page.goto(new URL(open!).pathname);
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(container) })).toBeVisible();

  expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
  const unsubscribe = /^<(.+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1];
  expect(unsubscribe).toBeDefined();
  // As a mail client does it: a POST of the form body, no session, no cookie.
  const stopped = await fetch(unsubscribe!, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });
  expect(stopped.status).toBe(200);
  await page.goto("/settings/alerts");
  await expect(
    rules.getByText("Last free day within 2 days · Everything · in the dashboard", { exact: true }),
  ).toBeVisible();
  // The history says where the alert went: the bell at once, and the email the server accepted.
  const history = page.getByRole("table", { name: "Alert deliveries" });
  const emailed = history
    .getByRole("row")
    .filter({ hasText: container })
    .filter({ hasText: `Email to ${email}` });
  await expect(emailed.first()).toContainText("Sent");
  await expect(
    history.getByRole("row").filter({ hasText: container }).filter({ hasText: "Bell" }).first(),
  ).toContainText("Shown in the bell");

  await bell(/^Notifications/).click();
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const list = page.getByRole("list", { name: "Notifications" });
  const first = list.getByRole("listitem").first();
  await expect(list.getByRole("link", { name: new RegExp(`^LFD .*${container}`) })).toHaveAttribute(
    "href",
    `/containers/${containerId}`,
  );
  await expect(first.getByText(/Rule “E2E last free days”/)).toBeVisible();
  await expectAccessible(page);

  await first.getByRole("button", { name: /^Mark read: / }).click();
  await expect(bell(before - 1 > 0 ? `Notifications, ${before - 1} unread` : "Notifications")).toBeVisible();
  // Unread again, so that Mark all read has something to do however few boxes the window held (with one, marking
  // it read left Mark all read rightly disabled).
  await first.getByRole("button", { name: /^Mark unread: / }).click();
  await expect(bell(`Notifications, ${before} unread`)).toBeVisible();
  await page.getByRole("button", { name: "Mark all read" }).click();
  await expect(bell("Notifications")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark all read" })).toBeDisabled();
  await expect(list.getByText("Unread", { exact: true })).toHaveCount(0);

  // On a phone both pages fit the screen.
  await page.setViewportSize(PHONE);
  await expectFitsScreen(page);
  await expectAccessible(page);
  await page.goto("/settings/alerts");
  await expectFitsScreen(page);
  await expect(rules.getByText("E2E last free days")).toBeVisible();
  await expectAccessible(page);

  // The rule goes; its alerts stay.
  await page.getByRole("button", { name: "Delete the rule E2E last free days" }).click();
  await expect(page.getByText("No rules yet.")).toBeVisible();
});

test("as the sandbox moves the person's own boxes on, a last free day coming into their rule's window rings the bell without a reload, and is emailed", async ({
  page,
}) => {
  const email = `lou.${Date.now()}@alerts.example`;
  const account = await accountWithPeople(
    page.request,
    "E2E Moving Co",
    [{ email, role: "member", name: "Lou Moving" }],
    { shipments: 30 },
  );
  await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
  await page.getByLabel("Name").fill("E2E moving days");
  await page.getByLabel("Tell me when").selectOption({ label: "Last free day within N days" });
  // A week: the account's world runs ahead of the service's clock as it is moved, so a box discharged there has a
  // last free day some days ahead of the clock's today; two days caught one only at some hours of the day.
  await page.getByLabel("Days ahead (N)").fill("7");
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByRole("list", { name: "Alert rules" }).getByText("E2E moving days")).toBeVisible();
  const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
  const unread = async () =>
    Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
  type Told = { id: string; attributes: { title: string; container_number: string } };
  let latest: Told[] = [];
  const told = async () => {
    latest = (await (await page.request.get("/v2/notifications?page[size]=100")).json()).data as Told[];
    return latest.map((n) => n.id);
  };
  // What the rule told at once (boxes already in its window) has settled: the count holds for two seconds.
  let before = await told();
  await expect
    .poll(
      async () => {
        const now = await told();
        const same = now.length === before.length;
        before = now;
        return same;
      },
      { intervals: [2_000] },
    )
    .toBe(true);
  const bellBefore = await unread();

  // The world moves a day at a time (the engine records what the lines say) until a box's day comes near.
  // The advance answers once what it changed is people's alerts, and says how many it raised in the account. A day
  // without a box coming near is no failure: the loop moves on another day.
  let raised = 0;
  for (let day = 1; day <= 8 && raised === 0; day++) {
    const moved = await page.request.post(`/__test__/accounts/${account.id}/advance`, {
      data: { hours: 24 },
    });
    expect(moved.status()).toBe(200);
    raised = ((await moved.json()) as { alerts: number }).alerts;
  }
  expect(raised, "a box's last free day came within 7 days in 8 simulated days").toBeGreaterThan(0);
  // The list reads them once the service's kept answers have heard of the change.
  let fresh: string[] = [];
  await expect
    .poll(async () => {
      fresh = (await told()).filter((id) => !before.includes(id));
      return fresh.length;
    })
    .toBeGreaterThanOrEqual(raised);
  // The bell, on the page as it was, counts the new ones.
  await expect.poll(unread).toBeGreaterThanOrEqual(bellBefore + fresh.length);
  const alerts = latest.filter((n) => fresh.includes(n.id));
  for (const alert of alerts) {
    const container = alert.attributes.container_number;
    expect(alert.attributes.title).toMatch(new RegExp(`^LFD (today|tomorrow|in [2-7] days): ${container}`));
  }
  // Each is emailed. Boxes whose day came near together come as one email ("2 alerts: LFD in 2 days: <the
  // first> and 1 more"), so every box is looked for in the mails' text, not only in their subjects.
  const containers = alerts.map((alert) => alert.attributes.container_number);
  let mails: ReceivedMail[] = [];
  await expect
    .poll(async () => {
      mails = (await receivedMail()).filter((m) => m.to.includes(email.toLowerCase()));
      return containers.filter((c) => !mails.some((m) => m.text.includes(c)));
    })
    .toEqual([]);
  const mail = mails.find((m) => m.text.includes(containers[0]!))!;
  expect(mail.text).toMatch(/Last free day: \d{4}-\d{2}-\d{2} \(/);
});

test("an alert email a mailbox refuses shows as not delivered in the history, and the person and the owner are told", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const bounced = `bounce.${stamp}@alerts.example`;
  const ownerEmail = `olga.${stamp}@alerts.example`;
  const account = await accountWithPeople(
    request,
    "E2E Bounce Co",
    [
      { email: bounced, role: "member", name: "Bo Unce" },
      { email: ownerEmail, role: "owner", name: "Olga Owner" },
    ],
    { held_box: true },
  );
  const [bo, olga] = account.people;

  const boContext = await browser.newContext();
  const page = await boContext.newPage();
  await signInWithPassword(page, bounced, bo!.password, "/settings/alerts");
  await page.getByLabel("Name").fill("E2E bounced days");
  await page.getByLabel("Tell me when").selectOption({ label: "Last free day within N days" });
  await page.getByLabel("Days ahead (N)").fill("2");
  await page.getByRole("button", { name: "Add rule" }).click();

  // The tests' mail server refuses the mailbox (550): the history says so, with what the server answered.
  const history = page.getByRole("table", { name: "Alert deliveries" });
  const refused = history
    .getByRole("row")
    .filter({ hasText: `Email to ${bounced}` })
    .first();
  await expect(async () => {
    await page.reload();
    await expect(refused).toContainText("Not delivered", { timeout: 2_000 });
  }).toPass();
  await expect(refused).toContainText("550");
  await page.getByLabel("Only what was not delivered").check();
  await expect(history.getByRole("row").filter({ hasText: "Bell" })).toHaveCount(0);

  // Every page tells the person that their email does not arrive, and that the bell still does.
  const banner = page.getByRole("region", { name: "Email not delivered" });
  await expect(banner).toContainText(`Email to ${bounced} is not being delivered`);

  // Even when the person was read before the bounce and the history after it (the worker wrote between the two
  // requests, as it did under load): the history's fresh read brings the banner. Here the first read of the person
  // after a reload answers as it would have just before the bounce.
  let stale = true;
  await page.route("**/v2/users/me", async (route) => {
    if (!stale || route.request().method() !== "GET") return route.fallback();
    stale = false;
    const response = await route.fetch();
    const body = await response.json();
    body.data.attributes.email_failing = null;
    await route.fulfill({ response, json: body });
  });
  await page.reload();
  await expect(refused).toContainText("Not delivered");
  expect(stale).toBe(false);
  await expect(banner).toContainText(`Email to ${bounced} is not being delivered`);
  await page.unroute("**/v2/users/me");
  await expect(banner).toContainText("550");
  await page.goto("/containers");
  await expect(banner).toBeVisible();
  await boContext.close();

  // The owner is told that a member's email fails, and Members says whose; the history has everyone's.
  const olgaContext = await browser.newContext();
  const owner = await olgaContext.newPage();
  await signInWithPassword(owner, ownerEmail, olga!.password, "/attention");
  const ownerBanner = owner.getByRole("region", { name: "Email not delivered" });
  await expect(ownerBanner).toContainText("Email to 1 member is not being delivered");
  await ownerBanner.getByRole("link", { name: "See who in Members" }).click();
  await expect(owner.getByRole("heading", { level: 1, name: "Members" })).toBeVisible();
  await expect(owner.getByRole("main").getByText(/^Email failing since .*550/)).toBeVisible();
  await owner.goto("/settings/alerts");
  const everyone = owner.getByRole("table", { name: "Alert deliveries" });
  await expect(everyone.getByRole("columnheader", { name: "Person" })).toBeVisible();
  await expect(everyone.getByRole("row").filter({ hasText: "Bo Unce" }).first()).toBeVisible();
  await olgaContext.close();
});

test("a rule's Slack channel posts the alert's Block Kit message to the channel's incoming webhook, and the history says it was sent", async ({
  page,
  request,
}) => {
  // A Slack-style incoming webhook on loopback: it takes JSON and answers "ok", as Slack does.
  const received: { path: string; body: string; headers: Record<string, string | string[] | undefined> }[] =
    [];
  const hook = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      received.push({ path: req.url ?? "", body, headers: req.headers });
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/services/T0001/B0001/e2e`;
  try {
    const email = `sam.${Date.now()}@alerts.example`;
    const account = await accountWithPeople(
      request,
      "E2E Slack Co",
      [{ email, role: "member", name: "Sam Slack" }],
      { held_box: true },
    );
    await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
    await page.getByLabel("Name").fill("E2E Slack days");
    await page.getByLabel("Tell me when").selectOption({ label: "Last free day within N days" });
    await page.getByLabel("Days ahead (N)").fill("2");
    await page.getByLabel("Email").uncheck();
    await page.getByLabel("Slack", { exact: true }).check();
    await page.getByLabel("Slack incoming-webhook address").fill(hookUrl);
    await page.getByRole("button", { name: "Add rule" }).click();
    const rules = page.getByRole("list", { name: "Alert rules" });
    await expect(
      rules.getByText("Last free day within 2 days · Everything · in the dashboard and Slack", {
        exact: true,
      }),
    ).toBeVisible();

    // The message: Block Kit, its header the alert's line, its button opening the container.
    await expect.poll(() => received.length).toBeGreaterThan(0);
    const message = JSON.parse(received[0]!.body);
    expect(received[0]!.path).toBe("/services/T0001/B0001/e2e");
    expect(received[0]!.headers["webhook-signature"]).toMatch(/^v1,/);
    expect(message.blocks[0].type).toBe("header");
    expect(message.blocks[0].text.text).toMatch(/^LFD (today|tomorrow|in \d days): [A-Z]{4}\d{7}/);
    expect(message.text).toBe(message.blocks[0].text.text);
    const button = message.blocks.find((b: { type: string }) => b.type === "actions").elements[0];
    expect(button.text.text).toBe("Open the container");
    await page.goto(new URL(button.url).pathname);
    await expect(
      page.getByRole("heading", { level: 1, name: message.blocks[0].text.text.split(": ")[1].split(" ")[0] }),
    ).toBeVisible();

    // The history names the channel by its host only, and says the message was taken.
    await page.goto("/settings/alerts");
    const slackRow = page
      .getByRole("table", { name: "Alert deliveries" })
      .getByRole("row")
      .filter({ hasText: "Slack (127.0.0.1)" })
      .first();
    await expect(slackRow).toContainText("Sent");
    await expect(page.getByRole("table", { name: "Alert deliveries" })).not.toContainText("T0001");
  } finally {
    hook.close();
  }
});

test("a rule for one customer, or for a saved view, is chosen from the account's and listed by its name", async ({
  page,
  request,
}) => {
  const email = `cy.${Date.now()}@alerts.example`;
  const account = await accountWithPeople(request, "E2E Customer Co", [
    { email, role: "member", name: "Cy Customer" },
  ]);
  await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
  await page.getByLabel("Tell me when").selectOption({ label: "Vessel arrived" });
  await page.getByLabel("For").selectOption({ label: "One customer" });
  await expect(
    page.getByText("No customers yet: add them on the Customers page, then choose one here."),
  ).toBeVisible();

  const made = await page.request.post("/v2/parties", {
    // A person's write carries their own origin, as the dashboard's do.
    headers: { Origin: new URL(page.url()).origin },
    data: { data: { type: "party", attributes: { company_name: "Harbor Foods E2E" } } },
  });
  expect(made.status(), await made.text()).toBe(201);
  await page.reload();
  await page.getByLabel("Name").fill("Harbor arrivals");
  await page.getByLabel("Tell me when").selectOption({ label: "Vessel arrived" });
  await page.getByLabel("For").selectOption({ label: "One customer" });
  await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Harbor Foods E2E" });
  await page.getByRole("button", { name: "Add rule" }).click();
  const rules = page.getByRole("list", { name: "Alert rules" });
  await expect(
    rules.getByText("Vessel arrived · Customer Harbor Foods E2E · email and in the dashboard", {
      exact: true,
    }),
  ).toBeVisible();
  const listed = await (await page.request.get("/v2/alert_rules")).json();
  expect(listed.data[0].attributes.scope).toEqual({ type: "customer", id: (await made.json()).data.id });

  // A rule for what a saved view of the account shows, chosen by the view's list and name.
  const view = await page.request.post("/v2/saved_views", {
    headers: { Origin: new URL(page.url()).origin },
    data: {
      data: {
        type: "saved_view",
        attributes: { name: "Held boxes E2E", list: "containers", search: { "filter[on_hold]": "true" } },
      },
    },
  });
  expect(view.status(), await view.text()).toBe(201);
  await page.reload();
  // (The header's Views menu now holds the view, with its "Rename view …" button: the field by its role.)
  await page.getByRole("textbox", { name: "Name" }).fill("Held boxes discharged");
  await page.getByLabel("Tell me when").selectOption({ label: "Discharged from the vessel" });
  await page.getByLabel("For").selectOption({ label: "What a saved view shows" });
  await page.getByLabel("Saved view", { exact: true }).selectOption({ label: "Containers: Held boxes E2E" });
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(
    rules.getByText("Discharged from the vessel · Saved view Held boxes E2E · email and in the dashboard", {
      exact: true,
    }),
  ).toBeVisible();
});

test("a rule for the empty return deadline takes its days, like the last free day's, and is listed in words", async ({
  page,
  request,
}) => {
  const email = `eve.${Date.now()}@alerts.example`;
  const account = await accountWithPeople(request, "E2E Empty Return Co", [
    { email, role: "member", name: "Eve Empty" },
  ]);
  await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
  await page
    .getByLabel("Tell me when")
    .selectOption({ label: "Empty return deadline within N days or passed" });
  await page.getByLabel("Days ahead (N)").fill("3");
  await page.getByRole("button", { name: "Add rule" }).click();
  const rules = page.getByRole("list", { name: "Alert rules" });
  await expect(
    rules.getByText(
      "Empty return deadline within 3 days or passed · Everything · email and in the dashboard",
      {
        exact: true,
      },
    ),
  ).toBeVisible();
  const listed = await (await page.request.get("/v2/alert_rules")).json();
  expect(listed.data[0].attributes).toMatchObject({ kind: "empty_return_within", threshold: 3 });
});

test("an admin's team rule for members is listed to a member, who cannot change it", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const admin = `ada.${stamp}@alerts.example`;
  const member = `mo.${stamp}@alerts.example`;
  const account = await accountWithPeople(page.request, "E2E Team Rules Co", [
    { email: admin, role: "admin", name: "Ada Admin" },
    { email: member, role: "member", name: "Mo Member" },
  ]);
  await signInWithPassword(page, admin, account.people[0]!.password, "/settings/alerts");
  await page.getByLabel("Name").fill("Holds for the floor");
  await page.getByLabel("Tell me when").selectOption({ label: "Hold added" });
  await page.getByLabel("Who is told").selectOption({ label: "The team: everyone with a role" });
  // Nothing ticked: the form says so, and sends nothing.
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByRole("alert")).toHaveText("Tick at least one role to tell.");
  await page.getByRole("checkbox", { name: "Members" }).check();
  await page.getByRole("button", { name: "Add rule" }).click();
  const rules = page.getByRole("list", { name: "Alert rules" });
  await expect(rules.getByText("For the team: members.", { exact: true })).toBeVisible();
  await expect(rules.getByRole("button", { name: "Delete the rule Holds for the floor" })).toBeVisible();

  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await signInWithPassword(memberPage, member, account.people[1]!.password, "/settings/alerts");
  const theirs = memberPage.getByRole("list", { name: "Alert rules" });
  await expect(theirs.getByText("Holds for the floor", { exact: true })).toBeVisible();
  await expect(
    theirs.getByText(
      "For the team: members. Set for you by an admin: only an owner or admin can change it.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(theirs.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  // A member is not offered the team's choice.
  await expect(memberPage.getByLabel("Who is told")).toHaveCount(0);
  await other.close();
});

test.describe("in Chicago", () => {
  test.use({ timezoneId: "America/Chicago" });

  test("the morning summary comes by the browser's zone from the first sign-in, its time and days are saved, and so are quiet hours", async ({
    page,
    request,
  }) => {
    const email = `mo.${Date.now()}@alerts.example`;
    const account = await accountWithPeople(request, "E2E Summary Co", [
      { email, role: "viewer", name: "Mo Morning" },
    ]);
    await signInWithPassword(page, email, account.people[0]!.password, "/settings/alerts");
    const form = page.getByRole("form", { name: "Morning summary" });
    // The dashboard told the service this browser's zone: the summary is scheduled there, at 07:00.
    await expect(form.getByRole("status")).toContainText(/^Next summary: .* 07:00 CST$/);
    await expect(form.getByLabel("Time zone")).toHaveValue("America/Chicago");
    await expect(form.getByLabel("Send me a morning summary")).toBeChecked();

    await form.getByLabel("Time", { exact: true }).fill("06:30");
    await form.getByLabel("Days", { exact: true }).selectOption({ label: "Monday to Friday" });
    await form.getByRole("button", { name: "Save summary" }).click();
    await expect(form.getByRole("status")).toContainText(/^Next summary: .* 06:30 CST$/);
    await page.reload();
    await expect(form.getByLabel("Time", { exact: true })).toHaveValue("06:30");
    await expect(form.getByLabel("Days", { exact: true })).toHaveValue("weekdays");
    const me = await (await page.request.get("/v2/users/me")).json();
    expect(me.data.attributes.morning_summary).toMatchObject({
      enabled: true,
      time: "06:30",
      time_zone: "America/Chicago",
      days: "weekdays",
    });
    // A weekday's 06:30 in Chicago.
    const next = new Date(me.data.attributes.morning_summary.next_at);
    const local = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Chicago",
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(next);
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 06:30$/);

    // Quiet hours: alert mail from 21:30 until 06:15 waits; the page says so, and the API keeps it.
    const quiet = page.getByRole("form", { name: "Quiet hours" });
    await expect(quiet.getByRole("status")).toHaveText("No quiet hours: alert emails come as they happen.");
    await quiet.getByLabel("Hold alert mail during quiet hours").check();
    await quiet.getByLabel("From").fill("21:30");
    await quiet.getByLabel("Until").fill("06:15");
    await quiet.getByRole("button", { name: "Save quiet hours" }).click();
    await expect(quiet.getByRole("status")).toContainText(
      "Alert emails from 21:30 until 06:15 (America/Chicago) wait, and come as one email when quiet hours end.",
    );
    expect((await (await page.request.get("/v2/users/me")).json()).data.attributes.quiet_hours).toEqual({
      start: "21:30",
      end: "06:15",
    });

    await form.getByLabel("Send me a morning summary").uncheck();
    await form.getByRole("button", { name: "Save summary" }).click();
    await expect(form.getByRole("status")).toHaveText("Morning summaries are off.");
    await expectAccessible(page);
  });
});

test("signed in with an API key, the alerts pages say that alerts are a person's", async ({
  page,
  request,
}) => {
  const account = await createTestAccount(request, { company_name: "E2E alerts key" });
  // The header's bell asks for no unread count, which the API refuses a key (403) on every poll: by the time the
  // shipments list has its answer, the bell, drawn with the header before the list, would have asked.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/v2/notifications") asked.push(r.url());
  });
  const list = page.waitForResponse((r) => new URL(r.url()).pathname === "/v2/shipments");
  await signIn(page, account, "/shipments");
  await list;
  await expect(page.getByRole("link", { name: "Notifications", exact: true })).toBeVisible();
  expect(asked).toEqual([]);
  await page.goto("/notifications");
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications belong to a person" }),
  ).toBeVisible();
  await page.goto("/settings/alerts");
  await expect(page.getByRole("status").filter({ hasText: "Alert rules belong to a person" })).toBeVisible();
});
