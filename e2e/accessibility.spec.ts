/**
 * Accessibility, as axe (Deque's rules, WCAG 2.1 A and AA) finds it: the first
 * page, and the page a click shows, whose title Next.js's route announcer
 * (app/next/route-announcer.tsx) has told screen readers by then.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures.ts";
import { text } from "./site.ts";

/** axe's violations on the page as it stands: each rule's id and the elements that break it. */
async function violationsOf(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

for (const [start, locale] of [
  ["/", "en"],
  ["/fr", "fr"],
] as const) {
  test(`accessibility: ${start}, then the page a click shows, announced`, async ({ page }) => {
    await page.goto(start);
    await waitForHydration(page);
    expect(await violationsOf(page)).toEqual([]);
    const firstTitle = await page.title();

    await page
      .getByRole("link", { name: text(locale).nav.about, exact: true })
      .first()
      .click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.title()).not.toBe(firstTitle);
    // The new page's title, told to screen readers.
    const announcer = page.locator("#__next-route-announcer__");
    await expect(announcer).toHaveAttribute("aria-live", "assertive");
    await expect(announcer).toHaveText(await page.title());
    expect(await violationsOf(page)).toEqual([]);
  });
}
