// One page's accessibility check for the settings specs: axe's WCAG 2.x A and AA rules find nothing, and the page
// does not scroll sideways; both soft, so that a test names every page that fails.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "./fixtures";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = results.violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect.soft(sideways, `${what} scrolls sideways`).toBe(false);
}
