// The pages a person meets before they are signed in: an invitation mail's link (a new person joins with a name
// and a password; one who signs in here already joins another account after signing in as the invited email; a
// used link says so), a forgotten password (a link by mail, a new password, every other session ended) and
// confirming an email. Every link is read from the mail the service sent to the tests' SMTP server.
import { expectAccessible } from "./axe";
import { createTestAccount, expect, signInAsDemo, signInWithPassword, test } from "./fixtures";
import { acceptInvitation, addPerson, invite, mailedLink, mailedLinkCount } from "./people";

test("a new person joins from the invitation's link with their name and a password, and the link works once", async ({
  page,
  browser,
}) => {
  await signInAsDemo(page, "/settings/members");
  const email = `joy.${Date.now()}@demo-logistics.example`;
  const token = await invite(page, email, "member");
  const context = await browser.newContext();
  try {
    const theirs = await context.newPage();
    await theirs.goto(`/accept-invitation?token=${token}`);
    await expect(theirs.getByRole("heading", { level: 1, name: "Join Demo Logistics" })).toBeVisible();
    await expect(theirs.getByText(/invited to Demo Logistics's container tracking as member/)).toBeVisible();
    await expect(theirs.getByLabel("Email")).toHaveValue(email);
    const join = theirs.getByRole("button", { name: "Join Demo Logistics" });
    await theirs.getByLabel("Your name").fill("Joy Mensah");
    await theirs.getByLabel("Choose a password").fill("short");
    await join.click();
    await expect(theirs.getByRole("alert")).toContainText("at least 12 characters");
    // The service's own rules: a common password is refused in its words, and nobody is made.
    await theirs.getByLabel("Choose a password").fill("password1234");
    await join.click();
    await expect(theirs.getByRole("alert")).toContainText("most common");
    await theirs.getByLabel("Choose a password").fill("a tide table of copper gulls");
    await join.click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
    await expect(theirs.getByRole("button", { name: /^Signed in as Joy Mensah/ })).toBeVisible();
    // The same link again says it was used, and where to go instead.
    await theirs.goto(`/accept-invitation?token=${token}`);
    await expect(theirs.getByRole("alert")).toContainText("used already");
    await expect(theirs.getByRole("link", { name: "Go to sign in" })).toBeVisible();
    // A link nobody made says so too.
    await theirs.goto("/accept-invitation?token=not-a-real-token");
    await expect(theirs.getByRole("alert")).toContainText("not valid");
  } finally {
    await context.close();
  }
  await page.reload();
  await expect(page.getByRole("main").getByText("Joy Mensah").first()).toBeVisible();
});

test("a person who signs in here already joins another account from its link after signing in as themselves", async ({
  page,
  browser,
  request,
}) => {
  const stamp = Date.now();
  const harbor = await createTestAccount(request, { company_name: "Harbor Two Freight" });
  const harborOwner = await addPerson(request, harbor, "owner", "Hana Owner");
  // Kai works for the demo account already.
  await signInAsDemo(page);
  const email = `kai.${stamp}@demo-logistics.example`;
  const password = "lanterns over the quiet dock";
  const first = await invite(page, email, "viewer");
  const kai = await browser.newContext();
  const other = await browser.newContext();
  try {
    await acceptInvitation(kai.request, first, "Kai Lund", password);
    // Harbor Two's owner invites Kai too, and opens the link in their own browser by mistake: it says whose it is.
    const owner = await other.newPage();
    await signInWithPassword(owner, harborOwner.email, harborOwner.password, "/settings/members");
    const token = await invite(owner, email, "member");
    await owner.goto(`/accept-invitation?token=${token}`);
    await expect(owner.getByText(`This browser is signed in as ${harborOwner.email}`)).toBeVisible();
    await expect(owner.getByRole("button", { name: "Sign out" })).toBeVisible();

    const theirs = await kai.newPage();
    await theirs.goto(`/accept-invitation?token=${token}`);
    await expect(theirs.getByRole("heading", { level: 1, name: "Join Harbor Two Freight" })).toBeVisible();
    await theirs.getByRole("link", { name: "Sign in to join" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await theirs.getByLabel("Email").fill(email);
    await theirs.getByLabel("Password").fill(password);
    await theirs.getByRole("button", { name: "Sign in", exact: true }).click();
    // Back on the invitation, signed in: one click joins.
    await expect(theirs.getByText(`You are signed in as ${email}`)).toBeVisible();
    await theirs.getByRole("button", { name: "Join Harbor Two Freight" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
    await theirs.getByRole("button", { name: /^Signed in as Kai Lund/ }).click();
    await expect(theirs.getByRole("dialog", { name: "Account" })).toContainText(
      "Member of Harbor Two Freight",
    );
  } finally {
    await kai.close();
    await other.close();
  }
});

test("a forgotten password: a link by mail, a new password, every other session ended, and the link used once", async ({
  page,
  browser,
}) => {
  await signInAsDemo(page);
  const email = `lea.${Date.now()}@demo-logistics.example`;
  const token = await invite(page, email, "member");
  const elsewhere = await browser.newContext();
  const context = await browser.newContext();
  try {
    // Signed in somewhere else with the old password.
    await acceptInvitation(elsewhere.request, token, "Lea Park", "an old song about harbour cranes");
    expect((await elsewhere.request.get("/v2/users/me")).status()).toBe(200);

    const theirs = await context.newPage();
    await theirs.goto("/sign-in");
    await theirs.getByLabel("Email").fill(email);
    await theirs.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await expect(theirs.getByLabel("Email")).toHaveValue(email);
    await theirs.getByRole("button", { name: "Mail me a link" }).click();
    await expect(
      theirs.getByText(`If ${email} signs in here, a link to choose a new password is on`),
    ).toBeVisible();

    const link = await mailedLink(email, "/api/auth/reset-password/");
    await theirs.goto(link);
    await expect(theirs.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await theirs.getByLabel("New password").fill("too short");
    await theirs.getByRole("button", { name: "Save the new password" }).click();
    await expect(theirs.getByRole("alert")).toContainText("at least 12 characters");
    await theirs.getByLabel("New password").fill("a new song about harbour cranes");
    await theirs.getByRole("button", { name: "Save the new password" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await expect(theirs.getByText("Your password is changed, and every session signed out.")).toBeVisible();

    // The other session ended; the old password no longer works, the new one does.
    expect((await elsewhere.request.get("/v2/users/me")).status()).toBe(401);
    await theirs.getByLabel("Email").fill(email);
    await theirs.getByLabel("Password").fill("an old song about harbour cranes");
    await theirs.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(theirs.getByRole("alert")).toContainText("do not match");
    await signInWithPassword(theirs, email, "a new song about harbour cranes", "/shipments");
    await expect(theirs.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();

    // The link was for once.
    await theirs.goto(link);
    await expect(theirs.getByRole("alert")).toContainText("not valid any more");
    await expect(theirs.getByRole("link", { name: "Mail me a new link" })).toBeVisible();
  } finally {
    await elsewhere.close();
    await context.close();
  }
});

test("a person confirms their email by the link Settings → Security mails them; a broken link says why and mails a new one", async ({
  page,
  request,
}) => {
  const account = await createTestAccount(request, { company_name: "E2E Confirm Co" });
  const person = await addPerson(request, account, "member", "Cora Confirm", { emailVerified: false });
  await signInWithPassword(page, person.email, person.password, "/settings/security");
  const section = page.getByRole("region", { name: "Email", exact: true });
  await expect(section).toContainText(person.email);
  await expect(section).toContainText("Not confirmed");
  await section.getByRole("button", { name: "Mail me a confirmation link" }).click();
  await expect(section.getByRole("status")).toContainText(
    `A confirmation link is on its way to ${person.email}`,
  );

  const link = await mailedLink(person.email, "/api/auth/verify-email");
  const sent = await mailedLinkCount(person.email, "/api/auth/verify-email");
  // A link cut short in the mail: the page says why, and mails a new one.
  const broken = new URL(link, "http://x");
  broken.searchParams.set("token", broken.searchParams.get("token")!.slice(0, -4));
  await page.goto(`${broken.pathname}${broken.search}`);
  await expect(
    page.getByRole("heading", { level: 1, name: "Your email is not confirmed yet" }),
  ).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("This link is not valid");
  await page.getByLabel("Email").fill(person.email);
  await page.getByRole("button", { name: "Mail me a new link" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText(`If ${person.email} signs in here`);
  await expectAccessible(page, "Confirm email, a broken link");

  await page.goto(await mailedLink(person.email, "/api/auth/verify-email", sent));
  await expect(page.getByRole("heading", { level: 1, name: "Email confirmed" })).toBeVisible();
  await expectAccessible(page, "Confirm email, confirmed");
  await page.getByRole("link", { name: "Continue to the dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Needs attention" })).toBeVisible();
  await page.goto("/settings/security");
  await expect(section).toContainText("Confirmed");
  await expect(section).not.toContainText("Not confirmed");
  await expect(section.getByRole("button", { name: "Mail me a confirmation link" })).toHaveCount(0);
});
