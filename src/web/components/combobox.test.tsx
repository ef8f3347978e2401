// Unit tests of the shared combobox's markup: the names, roles and ties that screen readers and the e2e tests rely
// on (the keys themselves are Downshift's, and are exercised in a real browser by the e2e specs of its users).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Combobox, ComboboxOptions, useListCombobox } from "./combobox";

const fruits = ["Apple", "Banana", "Cherry"];

function field(extra: Partial<Parameters<typeof Combobox<string>>[0]> = {}) {
  return renderToStaticMarkup(
    <Combobox<string>
      id="fruit"
      label="Fruit"
      listLabel="Fruits"
      items={fruits}
      itemKey={(fruit) => fruit}
      text=""
      onTextChange={() => {}}
      onPick={() => {}}
      status="3 fruits listed"
      empty="No fruit matches."
      input={{ placeholder: "Type a fruit", "aria-describedby": "fruit-hint" }}
      renderOption={(fruit) => fruit}
      {...extra}
    />,
  );
}

describe("Combobox", () => {
  it("is a text box named by its label, owning a list box named apart, hidden while closed", () => {
    const html = field();
    expect(html).toContain('<label for="fruit"');
    expect(html).toMatch(/<input[^>]* role="combobox"/);
    expect(html).toMatch(/<input[^>]* id="fruit"/);
    expect(html).toMatch(/<input[^>]* aria-expanded="false"/);
    expect(html).toMatch(/<input[^>]* aria-autocomplete="list"/);
    // Named by the label only: no aria-labelledby pointing at a label Downshift would have made.
    expect(html).not.toContain("aria-labelledby");
    const controls = html.match(/aria-controls="([^"]+)"/)?.[1];
    expect(html).toMatch(
      new RegExp(`<div[^>]* id="${controls}" role="listbox" aria-label="Fruits"[^>]* hidden`),
    );
    expect(html.match(/role="option"/g)).toHaveLength(3);
  });

  it("keeps the caller's description and adds its status, which says nothing while the list is closed", () => {
    const html = field();
    const describedBy = html.match(/aria-describedby="([^"]+)"/)?.[1]?.split(" ") ?? [];
    expect(describedBy[0]).toBe("fruit-hint");
    expect(describedBy).toHaveLength(2);
    expect(html).toMatch(new RegExp(`<p id="${describedBy[1]}" role="status" class="sr-only"></p>`));
  });

  it("is named by the caller's <label htmlFor> when it shows none, and offers a button for a pointer", () => {
    const html = field({ label: undefined, toggle: true });
    expect(html).not.toContain("<label");
    expect(html).not.toContain("aria-labelledby");
    expect(html).toMatch(/<button[^>]* aria-label="Show fruits choices"/);
    expect(html).toMatch(/<button[^>]* tabindex="-1"/);
  });

  it("marks options that cannot be chosen", () => {
    const html = field({ isItemDisabled: (fruit) => fruit === "Banana" });
    expect(html).toMatch(/aria-disabled="true"[^>]*>Banana/);
    expect(html.match(/aria-disabled="false"/g)).toHaveLength(2);
  });
});

function Panel({ activateFirst }: { activateFirst: boolean }) {
  const combobox = useListCombobox<string>({
    items: fruits,
    itemKey: (fruit) => fruit,
    text: "a",
    onTextChange: () => {},
    onPick: () => {},
    inline: true,
    activateFirst,
  });
  return (
    <>
      <input {...combobox.getInputProps({ "aria-label": "Search fruits" })} />
      <ComboboxOptions
        combobox={combobox}
        label="Results"
        panel
        groupOf={(fruit) => (fruit === "Cherry" ? "Stone fruit" : "Other")}
        renderOption={(fruit) => fruit}
      />
    </>
  );
}

describe("useListCombobox with ComboboxOptions, laid out by the caller", () => {
  it("shows an inline list while it has options, its best one active for Enter", () => {
    const html = renderToStaticMarkup(<Panel activateFirst />);
    expect(html).toMatch(/<input[^>]* aria-expanded="true"/);
    const active = html.match(/aria-activedescendant="([^"]+)"/)?.[1];
    expect(html).toMatch(new RegExp(`aria-selected="true" id="${active}" role="option"[^>]*>Apple`));
    expect(html.match(/aria-selected="true"/g)).toHaveLength(1);
  });

  it("has no active option until the arrows move, unless asked to", () => {
    const html = renderToStaticMarkup(<Panel activateFirst={false} />);
    expect(html).toContain('aria-activedescendant=""');
    expect(html).not.toContain('aria-selected="true"');
  });

  it("groups consecutive options under a heading that names the group", () => {
    const html = renderToStaticMarkup(<Panel activateFirst />);
    const groups = [...html.matchAll(/role="group" aria-labelledby="([^"]+)"/g)].map((m) => m[1]);
    expect(groups).toHaveLength(2);
    expect(html).toMatch(new RegExp(`id="${groups[0]}" role="presentation"[^>]*>Other<`));
    expect(html).toMatch(new RegExp(`id="${groups[1]}" role="presentation"[^>]*>Stone fruit<`));
  });
});
