// Settings → Security's two-factor sign-in and Settings → Sign-in, each on an account of the test's own (requiring
// two-factor or connecting single sign-on on the demo account would change every other test's): a person turns
// two-factor on through the page (the test reads the setup key shown and computes real RFC 6238 codes itself),
// signs in with a code, with a recovery code once, makes new recovery codes and turns it off; an owner requires
// two-factor for everyone once they have it, and a viewer sees why they cannot change it and is sent to turn it on;
// an admin adds, edits and removes a single sign-on provider. axe finds nothing, at a desktop's and a phone's size.
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expectAccessible } from "./axe";
import { expect, type Page, SIGN_IN_URL, signInWithPassword, signOut, test } from "./fixtures";
import { accountWithPeople } from "./people";

/** RFC 6238 TOTP as an authenticator app computes it: HMAC-SHA1 over the 30-second step, six digits. */
function totp(secretBase32: string, at = Date.now()): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const ch of secretBase32.replace(/=+$/, "").toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, "0");
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac("sha1", key).update(counter).digest();
  const offset = (hmac.at(-1) ?? 0) & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** A domain of the test's own: single sign-on takes a domain for one provider only, across every account. */
const uniqueDomain = () => `e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.example`;

const twoFactorRegion = (page: Page) => page.getByRole("region", { name: "Two-factor sign-in", exact: true });

/** Starts turning on two-factor on Security (the password, then the app's setup): the key and recovery codes shown. */
async function startTwoFactor(page: Page, password: string) {
  const section = twoFactorRegion(page);
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(section.getByRole("img", { name: /^QR code for setting up Boxtrack/ })).toBeVisible();
  await expect(section.getByText("These codes are shown once")).toBeVisible();
  const key = (await section.getByLabel("Setup key", { exact: true }).inputValue()).replace(/\s+/g, "");
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  const codes = (
    await section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allTextContents()
  ).map((c) => c.trim());
  expect(codes.length).toBeGreaterThanOrEqual(8);
  return { key, codes };
}

/** Confirms the setup with the app's code now; two-factor is on once it is accepted. */
async function confirmTwoFactor(page: Page, key: string) {
  const section = twoFactorRegion(page);
  await section.getByLabel("6-digit code").fill(totp(key));
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "New recovery codes" })).toBeVisible();
}

/** Email and password on the sign-in page, then the second step's code (computed when it is typed). */
async function signInWithCode(page: Page, email: string, password: string, code: () => string, path: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  // The password alone is not enough: the page asks for the code, and nothing is signed in yet.
  await expect(page.getByLabel("Two-factor code")).toBeVisible();
  await expect(page).toHaveURL(SIGN_IN_URL);
  await page.getByLabel("Two-factor code").fill(code());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

test("a person turns on two-factor sign-in, signs in with the app's code or a recovery code once, makes new codes and turns it off", async ({
  page,
  request,
}) => {
  const email = `tess.${Date.now()}@${uniqueDomain()}`;
  const account = await accountWithPeople(request, "E2E Two-factor Co", [
    { email, role: "member", name: "Tess Ng" },
  ]);
  const password = account.people[0]!.password;
  await signInWithPassword(page, email, password, "/settings/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  const section = twoFactorRegion(page);
  await expect(section.getByText("Off", { exact: true })).toBeVisible();

  // A wrong password is refused in the page's words.
  await section.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await section.getByLabel("Your password").fill("not the password at all");
  await section.getByRole("button", { name: "Continue" }).click();
  await expect(section.getByRole("alert")).toContainText("That password is not right");
  await section.getByRole("button", { name: "Cancel" }).click();

  const { key, codes } = await startTwoFactor(page, password);
  await expectAccessible(page, "Security, setting up two-factor");
  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Download the recovery codes" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("boxtrack-recovery-codes.txt");
  const saved = await readFile((await file.path()) ?? "", "utf8");
  for (const code of codes) expect(saved).toContain(code);
  // A code that is not the app's is refused, and two-factor stays off until one is accepted.
  const wrong = totp(key) === "000000" ? "111111" : "000000";
  await section.getByLabel("6-digit code").fill(wrong);
  await section.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(section.getByRole("alert")).toContainText("That code was not accepted");
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await confirmTwoFactor(page, key);
  await expectAccessible(page, "Security, two-factor on");

  // Signing in now takes the app's code after the password.
  await signOut(page);
  await signInWithCode(page, email, password, () => totp(key), "/settings/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  await expect(twoFactorRegion(page).getByText("On", { exact: true })).toBeVisible();

  // A recovery code works in place of the app's code, once.
  await signOut(page);
  await signInWithCode(page, email, password, () => codes[0]!, "/attention");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toHaveCount(0);
  await expect(page).not.toHaveURL(SIGN_IN_URL);
  await signOut(page);
  await signInWithCode(page, email, password, () => codes[0]!, "/attention");
  await expect(page.getByRole("alert")).toContainText("That recovery code was not accepted");
  await expect(page).toHaveURL(SIGN_IN_URL);
  await page.getByLabel("Two-factor code").fill(totp(key));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).not.toHaveURL(SIGN_IN_URL);

  // New recovery codes replace the old ones, shown once.
  await page.goto("/settings/security");
  await section.getByRole("button", { name: "New recovery codes" }).click();
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Make new recovery codes" }).click();
  const fresh = section.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(fresh.first()).toBeVisible();
  const newCodes = (await fresh.allTextContents()).map((c) => c.trim());
  expect(newCodes.length).toBeGreaterThanOrEqual(8);
  expect(newCodes).not.toContain(codes[1]);
  await section.getByRole("button", { name: "I have kept them" }).click();
  await expect(section.getByRole("list", { name: "Recovery codes" })).toHaveCount(0);

  // Turned off, the password alone signs in again.
  await section.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await section.getByLabel("Your password").fill(password);
  await section.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await expect(section.getByText("Off", { exact: true })).toBeVisible();
  await signOut(page);
  await signInWithPassword(page, email, password, "/settings/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
});

test("an owner requires two-factor sign-in for everyone once they have it; a viewer sees why they cannot change it and is sent to turn it on", async ({
  page,
  request,
}) => {
  const domain = uniqueDomain();
  const account = await accountWithPeople(request, "E2E Strict Co", [
    { email: `olga@${domain}`, role: "owner", name: "Olga Owner" },
    { email: `vic@${domain}`, role: "viewer", name: "Vic Viewer" },
  ]);
  const [owner, viewer] = account.people as [(typeof account.people)[0], (typeof account.people)[0]];

  await signInWithPassword(page, owner.email, owner.password, "/settings/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
  const rule = page.getByRole("region", { name: "Two-factor sign-in for everyone" });
  const toggle = rule.getByRole("switch", { name: "Require two-factor sign-in for everyone" });
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(rule).toContainText("2 of 2 people have no two-factor sign-in yet");
  await expectAccessible(page, "Sign-in, as an owner");

  // The service refuses until the owner has two-factor themselves; the page says its sentence and the way there.
  await toggle.click();
  await expect(rule.getByRole("alert")).toContainText("Turn on two-factor sign-in for yourself first");
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await rule.getByRole("link", { name: "Go to Security" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  const { key } = await startTwoFactor(page, owner.password);
  await confirmTwoFactor(page, key);

  await page.goto("/settings/sign-in");
  await expect(rule).toContainText("1 of 2 people have no two-factor sign-in yet");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  await expect(rule).toContainText("Required: everyone signs in with a code");
  const settings = await page.request.get("/v2/account");
  expect((await settings.json()).data.attributes.require_two_factor).toBe(true);
  // Now the owner's own two-factor stays on: Security offers no way to turn it off, and says why.
  await page.goto("/settings/security");
  const ownTwoFactor = page.getByRole("region", { name: "Two-factor sign-in", exact: true });
  await expect(ownTwoFactor).toContainText("This account requires two-factor sign-in, so it stays on.");
  await expect(ownTwoFactor.getByRole("button", { name: "Turn off two-factor sign-in" })).toHaveCount(0);

  // The viewer, without two-factor: Security says so first of all; Sign-in says why they cannot change the rules.
  await signOut(page);
  await signInWithPassword(page, viewer.email, viewer.password, "/settings/security");
  const notice = page.getByRole("region", { name: "This account requires two-factor sign-in" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("the rest of the dashboard is closed to you");
  await expectAccessible(page, "Security, two-factor required");

  await page.goto("/settings/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
  await expect(rule).toContainText(
    "Changing this is not available to you. Your role is viewer; this needs an owner or above.",
  );
  await expect(rule.getByRole("switch")).toHaveCount(0);
  await expect(rule).toContainText("Required");
  await expect(page.getByRole("region", { name: "Single sign-on" })).toContainText(
    "Managing single sign-on is not available to you. Your role is viewer; this needs an admin or above.",
  );
  await expectAccessible(page, "Sign-in, as a viewer");

  // Elsewhere the service refuses them until they enrol, and the page shows the way. The live stream is not even
  // asked for (it would be refused too), so the header does not claim to be offline; it opens once they enrol.
  const streamRequests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/v2/stream") streamRequests.push(r.url());
  });
  await page.goto("/shipments");
  const turnOn = page.getByRole("link", { name: "Turn on two-factor sign-in" });
  await expect(turnOn).toBeVisible();
  // The person is known (the menu names them), so the stream would have been asked for by now.
  await expect(page.getByRole("button", { name: /^Signed in as Vic Viewer/ })).toBeVisible();
  expect(streamRequests).toEqual([]);
  await expect(page.getByRole("status", { name: "Live updates" })).toHaveText("");
  await turnOn.click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  const { key: viewerKey } = await startTwoFactor(page, viewer.password);
  await confirmTwoFactor(page, viewerKey);
  await expect(page.getByRole("region", { name: "This account requires two-factor sign-in" })).toHaveCount(0);
  await page.goto("/shipments");
  await expect(page.getByRole("heading", { level: 1, name: "Shipments" })).toBeVisible();
  await expect.poll(() => streamRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole("status", { name: "Live updates" })).toHaveText("Live");
});

test("an admin adds a single sign-on provider through the form, sees it listed, edits it and removes it", async ({
  page,
  request,
}) => {
  const domain = uniqueDomain();
  const account = await accountWithPeople(request, "E2E Single Sign-on Co", [
    { email: `ada@${domain}`, role: "admin", name: "Ada Admin" },
  ]);
  const admin = account.people[0]!;
  await signInWithPassword(page, admin.email, admin.password, "/settings/sign-in");
  await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Two-factor sign-in for everyone" })).toContainText(
    "Changing this is not available to you. Your role is admin; this needs an owner or above.",
  );
  const sso = page.getByRole("region", { name: "Single sign-on" });
  await expect(sso).toContainText("None yet");
  await expect(sso.getByText(/\/api\/auth\/sso\/callback$/)).toBeVisible();

  const issuer = `https://login.${domain}`;
  const form = sso.getByRole("form", { name: "Add a provider" });
  await expect(form.getByLabel("Email domains")).toHaveValue(domain);
  await form.getByLabel("Issuer URL").fill(issuer);
  await form.getByLabel("Client ID").fill("boxtrack-e2e");
  await form.getByLabel("Client secret").fill("an e2e client secret");
  // A domain not of the admin's own email is refused beside the field, in the service's words.
  await form.getByLabel("Email domains").fill("gmail.com");
  await form.getByRole("button", { name: "Add provider" }).click();
  await expect(form.getByRole("alert")).toContainText("The provider was not added");
  await expect(form).toContainText("You can add only the domain of your own verified email");
  await expect(form.getByLabel("Email domains")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Email domains").fill(domain);
  await form.getByLabel("New people join as").selectOption("viewer");
  await form.getByRole("button", { name: "Add provider" }).click();

  const row = sso.getByRole("listitem").filter({ hasText: issuer });
  await expect(row).toContainText("boxtrack-e2e");
  await expect(row).toContainText("Stored (sealed)");
  await expect(row).toContainText("Viewer");
  await expect(sso).toContainText("Providers (1)");
  await expect(form.getByLabel("Issuer URL")).toHaveValue("");
  const listed = await (await page.request.get("/v2/sso_providers")).json();
  expect(listed.data[0].attributes).toMatchObject({ issuer, domains: [domain], default_role: "viewer" });
  await expectAccessible(page, "Sign-in with a provider");

  await row.getByRole("button", { name: `Edit ${issuer}` }).click();
  const edit = sso.getByRole("form", { name: `Edit ${issuer}` });
  await expect(edit.getByLabel("Issuer URL")).toHaveValue(issuer);
  await expect(edit.getByLabel("Client secret")).toHaveValue("");
  await edit.getByLabel("Client ID").fill("boxtrack-e2e-2");
  await edit.getByLabel("New people join as").selectOption("member");
  await expectAccessible(page, "Sign-in editing a provider");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).toContainText("boxtrack-e2e-2");
  await expect(row).toContainText("Member");
  await expect(row).toContainText("Stored (sealed)");

  await row.getByRole("button", { name: `Remove ${issuer}` }).click();
  const dialog = page.getByRole("dialog", { name: `Remove single sign-on through ${issuer}?` });
  await expect(dialog).toContainText(`People of ${domain} then sign in with a password`);
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);
  await expect(sso).toContainText("None yet");
  expect((await (await page.request.get("/v2/sso_providers")).json()).data).toEqual([]);
});

test.describe("at a phone's size (390×844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("Security's two-factor setup and Sign-in's providers fit and pass axe", async ({ page, request }) => {
    const domain = uniqueDomain();
    const account = await accountWithPeople(request, "E2E Phone Sign-in Co", [
      { email: `pia@${domain}`, role: "owner", name: "Pia Owner" },
    ]);
    const owner = account.people[0]!;
    await signInWithPassword(page, owner.email, owner.password, "/attention");
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Security", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
    await expectAccessible(page, "Security (phone)");
    const { key } = await startTwoFactor(page, owner.password);
    await expectAccessible(page, "Security, setting up two-factor (phone)");
    await confirmTwoFactor(page, key);

    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("link", { name: "Sign-in", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
    const sso = page.getByRole("region", { name: "Single sign-on" });
    const form = sso.getByRole("form", { name: "Add a provider" });
    await form.getByLabel("Issuer URL").fill(`https://login.${domain}`);
    await form.getByLabel("Client ID").fill("boxtrack-phone");
    await form.getByLabel("Client secret").fill("a phone client secret");
    await form.getByRole("button", { name: "Add provider" }).click();
    await expect(sso.getByRole("listitem").filter({ hasText: `https://login.${domain}` })).toBeVisible();
    const toggle = page.getByRole("switch", { name: "Require two-factor sign-in for everyone" });
    // The keyboard works the switch.
    await toggle.focus();
    await page.keyboard.press("Space");
    await expect(toggle).toHaveAttribute("aria-checked", "true");
    await expectAccessible(page, "Sign-in (phone)");
  });
});
