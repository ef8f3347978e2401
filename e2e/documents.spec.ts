// Documents in, tracking out: the two fixtures dropped on the Documents page are read, the bill of lading's page
// shows its fields and "Track 3 numbers" tracks them (the numbers turn tracked as the engine answers); an email
// with the arrival notice attached, sent with a real SMTP client to the account's address, becomes a submission
// whose document is linked to the shipment; axe finds nothing on the new pages at a desktop's and a phone's size.
import AxeBuilder from "@axe-core/playwright";
import nodemailer from "nodemailer";
import { arrivalNoticePdf, billOfLadingPdf, FIXTURE } from "../src/server/testing/document-fixtures";
import { type Account, apiGet, apiPost, expect, type Page, SMTP_PORT, signIn, test } from "./fixtures";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

async function expectNoViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

/** Drops files on the page's drop region, as a browser does for files dragged from the desktop. */
async function drop(page: Page, files: { name: string; bytes: Uint8Array }[]) {
  const payload = files.map((f) => ({ name: f.name, b64: Buffer.from(f.bytes).toString("base64") }));
  const dataTransfer = await page.evaluateHandle((list) => {
    const transfer = new DataTransfer();
    for (const f of list) {
      const bytes = Uint8Array.from(atob(f.b64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], f.name, { type: "application/pdf" }));
    }
    return transfer;
  }, payload);
  await page.getByRole("region", { name: "Drop documents here" }).dispatchEvent("drop", { dataTransfer });
}

async function documentIdNamed(page: Page, account: Account, name: string): Promise<string> {
  let id: string | undefined;
  await expect(async () => {
    const list = await apiGet(page.request, account, "/v2/documents");
    const found = list.data.find((d: { attributes: { name: string } }) => d.attributes.name === name);
    expect(found?.attributes.extraction_status).toBe("extracted");
    id = found.id;
  }).toPass();
  return id!;
}

test("dropped paperwork is read, and its numbers are tracked in one click", async ({ page, account }) => {
  await signIn(page, account, "/documents");
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  await drop(page, [
    { name: "bill-of-lading.pdf", bytes: await billOfLadingPdf() },
    { name: "arrival-notice.pdf", bytes: await arrivalNoticePdf() },
  ]);
  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("link", { name: "Uploaded: open" })).toHaveCount(2);
  const billId = await documentIdNamed(page, account, "bill-of-lading.pdf");
  await documentIdNamed(page, account, "arrival-notice.pdf");
  await expect(page.getByRole("row", { name: /arrival-notice\.pdf/ })).toContainText("Arrival notice");
  await expectNoViolations(page, "/documents");

  await page.getByRole("link", { name: "bill-of-lading.pdf" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/documents/${billId}`));
  await expect(page.getByRole("heading", { level: 1, name: "bill-of-lading.pdf" })).toBeVisible();
  for (const number of [...FIXTURE.containers, FIXTURE.billOfLading])
    await expect(page.getByRole("checkbox", { name: `Track ${number}` })).toBeChecked();
  await expect(page.getByText(`${FIXTURE.badContainer} (page 2)`)).toBeVisible();
  await expect(page.getByRole("img", { name: /bill-of-lading\.pdf, page 1 of 3/ })).toBeVisible();
  await expectNoViolations(page, "a document's page");

  await page.getByRole("button", { name: "Track 3 numbers" }).click();
  // The engine answers; the stream (or the next read) shows each number tracked and the document linked.
  await expect(page.getByText(/^Linked to/)).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Track / })).toHaveCount(0);
  const requests = await apiGet(page.request, account, "/v2/tracking_requests");
  expect(
    requests.data.map((r: { attributes: { request_number: string } }) => r.attributes.request_number).sort(),
  ).toEqual([...FIXTURE.containers, FIXTURE.billOfLading].sort());
  expect(requests.data[0].attributes.ref_numbers).toEqual([FIXTURE.reference]);
});

test("an emailed arrival notice becomes a submission whose document is linked to the shipment", async ({
  page,
  account,
}) => {
  // The account tracks the bill of lading first.
  const created = await apiPost(page.request, account, "/v2/tracking_requests", {
    data: {
      type: "tracking_request",
      attributes: { request_type: "bill_of_lading", request_number: FIXTURE.billOfLading, scac: "MAEU" },
    },
  });
  expect(created.status()).toBe(201);
  let shipmentId = "";
  await expect(async () => {
    const request = await apiGet(
      page.request,
      account,
      `/v2/tracking_requests/${(await created.json()).data.id}`,
    );
    expect(request.data.attributes.status).toBe("created");
    shipmentId = request.data.relationships.tracked_object.data.id;
  }).toPass();

  const inbound = await apiGet(page.request, account, "/v2/inbound_email");
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: "notices@line.example",
    to: inbound.data.attributes.address,
    subject: `Arrival notice ${FIXTURE.billOfLading}`,
    text: "The arrival notice is attached.",
    attachments: [{ filename: "arrival-notice.pdf", content: Buffer.from(await arrivalNoticePdf()) }],
  });

  const submissions = await apiGet(page.request, account, "/v2/email_submissions");
  expect(submissions.meta.total).toBe(1);
  expect(submissions.data[0].attributes.documents_count).toBe(1);
  const documentId = await documentIdNamed(page, account, "arrival-notice.pdf");

  await signIn(page, account, `/documents/${documentId}`);
  await expect(page.getByText(`Came by email from notices@line.example`)).toBeVisible();
  await expect(page.getByText(/^Linked to/)).toBeVisible();
  await page.getByRole("link", { name: /shipment 1/ }).click();
  await expect(page).toHaveURL(new RegExp(`/shipments/${shipmentId}`));
  const documents = page.getByRole("region", { name: /Documents/ });
  await expect(documents.getByRole("link", { name: "arrival-notice.pdf" })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the documents pages have no axe violations", async ({ page, account }) => {
    const upload = await page.request.post("/v2/documents", {
      headers: { Authorization: `Token ${account.apiKey}` },
      multipart: {
        file: {
          name: "bill-of-lading.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.from(await billOfLadingPdf()),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const id = await documentIdNamed(page, account, "bill-of-lading.pdf");
    await signIn(page, account, "/documents");
    await expect(page.getByRole("link", { name: "bill-of-lading.pdf" })).toBeVisible();
    await expectNoViolations(page, "/documents at 390×844");
    await page.goto(`/documents/${id}`);
    await expect(page.getByRole("button", { name: "Track 3 numbers" })).toBeVisible();
    await expect(page.getByRole("img", { name: /page 1 of 3/ })).toBeVisible();
    await expectNoViolations(page, "a document's page at 390×844");
  });
});
