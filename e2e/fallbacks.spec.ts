import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, linksTo, test, waitForHydration } from "./fixtures.ts";
import { clientExceptionText } from "../app/components/client-exception-text.ts";
import { site, text } from "./site.ts";

const { L0, L1, L2, canonical, pathIn } = site;

/** The generic notice of a client-side exception: an alert, not Next.js's route announcer (also one). */
const noticeOf = (page: Page) => page.locator('[role="alert"]:not(#__next-route-announcer__)');

test.describe("contract §4: not found @core", () => {
  for (const [path, lang, heading] of [...new Set([L0, L1, L2])].map(
    (locale) => [pathIn(locale, "/nope"), locale, text(locale).notFound.title] as const,
  )) {
    test(`${path} is a ${lang} 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    });
  }
});

test.describe("contract §4: errors @fixtures", () => {
  test("a loader error is a 500 page with the request's reference id", async ({ page }) => {
    const response = await page.goto(canonical("/lab/boom"));
    expect(response?.status()).toBe(500);
    const requestId = response!.headers()["x-request-id"];
    await expect(page.locator("[data-reference-id]")).toHaveText(requestId!);
    await expect(page.locator("body")).not.toContainText("always fails");
  });

  test("a loader error on client navigation shows the 500 page too", async ({ page }) => {
    await linksTo(page, [canonical("/lab/boom")]);
    const data = page.waitForResponse((r) =>
      r.url().includes(site.dataPath(canonical("/lab/boom"))),
    );
    await page.locator(`a[data-to="${canonical("/lab/boom")}"]`).click();
    const requestId = (await data).headers()["x-request-id"];
    await expect(page.locator('main[data-page="server-error"]')).toBeVisible();
    await expect(page.locator("[data-reference-id]")).toHaveText(requestId!);
  });

  test("after client navigations, the 500 page shows the id of the failing request", async ({
    page,
  }) => {
    // From a page without a query: nothing but the root's own rule re-runs its loader.
    await page.goto(canonical("/about"));
    await waitForHydration(page);
    const data = page.waitForResponse((r) =>
      r.url().includes(site.dataPath(canonical("/lab/boom"))),
    );
    await page.evaluate(
      (to) =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate(to),
      // React Router's navigate takes a path below its basename.
      site.belowBase(canonical("/lab/boom")),
    );
    const requestId = (await data).headers()["x-request-id"];
    await expect(page.locator("[data-reference-id]")).toHaveText(requestId!);
  });

  test.describe(() => {
    test.use({ expectedPageErrors: [/lab: a client-side exception after hydration/] });
    test("an exception in the browser shows the generic notice and a way to reload", async ({
      page,
    }) => {
      const reported = page.waitForRequest(
        (request) => request.url().endsWith("/_report") && request.method() === "POST",
      );
      await page.goto(canonical("/lab/client-error"));
      const notice = noticeOf(page);
      await expect(notice).toContainText(clientExceptionText(L0).body);
      await expect(notice).not.toContainText("lab:");
      // The reference on the notice is the one the report carries, and the server logs.
      const reference = await notice.locator("[data-client-error-reference]").textContent();
      expect(reference).toMatch(/^[0-9a-z]{8}$/);
      const report = (await reported).postDataJSON() as { reference: string; message: string };
      expect(report).toMatchObject({ reference, message: expect.stringContaining("lab:") });
      expect((await (await reported).response())?.status()).toBe(204);
      const appLog = process.env.APP_LOG;
      if (appLog) {
        const lineWithReference = () =>
          readFileSync(appLog, "utf8")
            .split("\n")
            .find((line) => line.includes(`"reference":"${reference}"`));
        await expect.poll(lineWithReference, { timeout: 5000 }).toBeDefined();
        expect(JSON.parse(lineWithReference()!)).toMatchObject({
          level: "warn",
          msg: "client exception reported",
          report: { kind: "client-error", reference },
        });
      }
      const reload = page.waitForEvent("load");
      await notice.getByRole("button", { name: clientExceptionText(L0).reload }).click();
      await reload;
    });
  });

  test.describe(() => {
    // React reports, in the browser, each part it renders again there: its error
    // #419, "the server could not finish this Suspense boundary".
    test.use({ expectedPageErrors: [/React error #419\b/] });
    test("a part of a streamed page that failed on the server is rendered by the browser", async ({
      page,
    }) => {
      const response = await page.goto(canonical("/lab/stream?ms=100&fail=early"));
      expect(response?.status()).toBe(500);
      await expect(page.locator("[data-streamed]")).toHaveText("Streamed after 100 ms.");
      await expect(noticeOf(page)).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText("lab:");
    });
  });

  test("a form post works, directly and through the proxy @core", async ({ page }) => {
    await page.goto(canonical("/lab/form"));
    await waitForHydration(page);
    await page.getByLabel("message").fill("bonjour");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page.locator("[data-echo]")).toHaveText("bonjour");
  });
});
