// Unit tests of a moment as pages show it: the port's time with its zone named, on one line unless the zone may wrap.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DateTime } from "./date-time";

/** The `<time>` element's own classes. */
const timeClasses = (html: string) => /<time[^>]*class="([^"]*)"/.exec(html)?.[1]?.split(/\s+/) ?? [];

describe("DateTime", () => {
  const iso = "2026-12-12T16:50:00.000Z";

  it("keeps the time and a zone without an abbreviation on one line from a tablet up", () => {
    const html = renderToStaticMarkup(<DateTime iso={iso} timeZone="America/Montevideo" />);
    expect(timeClasses(html)).toContain("sm:whitespace-nowrap");
    expect(html).toContain("America/Montevideo");
    expect(html).toContain('title="2026-12-12 16:50 UTC"');
  });

  it("lets the zone go to the next line in a narrow column, the time itself still unbroken", () => {
    const html = renderToStaticMarkup(<DateTime iso={iso} timeZone="America/Montevideo" zoneMayWrap />);
    expect(timeClasses(html)).not.toContain("sm:whitespace-nowrap");
    expect(html).toMatch(
      /<span class="whitespace-nowrap">12 Dec 13:50<\/span> <span class="whitespace-nowrap">America\/Montevideo<\/span>/,
    );
  });
});
