// Unit tests of the write-only secret input: it never holds a stored value, says whether one is set, and offers
// Remove (or Keep, once removal is chosen) only when there is one.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SecretField } from "./form-state";
import { SecretInput } from "./secret-input";

function render(field: SecretField, errors?: string[]) {
  return renderToStaticMarkup(
    <SecretInput id="k" label="API key" noun="API key" field={field} errors={errors} onChange={() => {}} />,
  );
}

describe("SecretInput", () => {
  it("is a password input, labelled, empty, with no Remove when nothing is stored", () => {
    const html = render({ set: false, value: "", remove: false });
    expect(html).toContain('type="password"');
    expect(html).toContain('<label for="k"');
    expect(html).toContain('value=""');
    expect(html).toContain("never shown again");
    expect(html).not.toContain("Remove API key");
  });

  it("says a stored one is set and kept when left blank, and offers Remove", () => {
    const html = render({ set: true, value: "", remove: false });
    expect(html).toContain("Set — leave blank to keep it");
    expect(html).toContain('placeholder="set — leave blank to keep"');
    expect(html).toContain("Remove API key");
    expect(html).not.toContain("Keep API key");
  });

  it("once Remove is chosen says it will be removed, and offers Keep", () => {
    const html = render({ set: true, value: "", remove: true });
    expect(html).toContain("removed when you save");
    expect(html).toContain("Keep API key");
    expect(html).not.toContain("Remove API key");
  });

  it("ties its hint and its errors to the input", () => {
    const html = render({ set: true, value: "", remove: false }, ["SECRETS_KEY is not set"]);
    expect(html).toContain('aria-describedby="k-hint k-errors"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("SECRETS_KEY is not set");
  });
});
