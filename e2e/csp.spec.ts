import { expect, expectScriptsUnderPolicy, test, waitForHydration } from "./fixtures.ts";

// Every page of the route inventory, in each locale, loads and hydrates under
// the enforced policy; the fixture fails the test on any violation the browser
// reports (console), and the page's own listener counts them too.
test.describe("Content-Security-Policy, enforced @core", () => {
  for (const path of [
    "/",
    "/about",
    "/fr/about",
    "/de/blog/new",
    "/blog/hello%20world",
    "/docs/a/b",
    "/shop/red",
    "/nope",
  ]) {
    test(`${path} runs its scripts, and only those the policy names`, async ({ page }) => {
      await expectScriptsUnderPolicy(page, path);
      await expect(page.locator("main")).toBeVisible();
    });
  }
});

test.describe("Content-Security-Policy, what it stops @core", () => {
  test.use({ provokesCspViolations: true });

  test("an inline script the policy does not name is blocked", async ({ page }) => {
    await page.goto("/about");
    await waitForHydration(page);
    const ran = await page.evaluate(async () => {
      const script = document.createElement("script");
      script.textContent = "window.__injected = true";
      const violation = new Promise<string>((resolve) =>
        document.addEventListener("securitypolicyviolation", (e) => resolve(e.violatedDirective), {
          once: true,
        }),
      );
      document.body.append(script);
      return {
        injected: (window as unknown as { __injected?: boolean }).__injected === true,
        violated: await violation,
      };
    });
    expect(ran.injected).toBe(false);
    expect(ran.violated).toMatch(/^script-src/);
  });
});
