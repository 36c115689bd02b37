/**
 * A team's repository as create-next-app lays it out (tests/nextjs-repo/,
 * copied outside this project's tree): `src/pages`, a CommonJS next.config.js
 * with create-next-app's `@ts-check` header, .env files, `@/` paths from its
 * tsconfig.json, a CSS module, types imported from "next" without `import
 * type`, a getStaticPaths that destructures its context, a middleware in src/,
 * a dependency of its own (a CommonJS package, installed in its node_modules).
 * Next.js builds it as it is, and the shell, pointed at it (SITE_DIR), builds
 * it as it is: the same answers, the same page in Chromium.
 */
import { expect, test, type Page } from "@playwright/test";
import { startShell } from "../../tests/next-sites.ts";
import { answerOf, baseOf, expectSame, RUNTIMES, type Runtime } from "./observe.ts";

const PATHS = [
  "/",
  "/fr",
  "/posts/first",
  "/fr/posts/second",
  "/posts/third",
  "/old-posts/first",
  "/server-env",
  "/api/hello?name=team",
  "/team.txt",
];

for (const path of PATHS) {
  test(`a team's repository: the answer to ${path}`, async () => {
    const seen: Partial<Record<Runtime, unknown>> = {};
    for (const runtime of RUNTIMES) {
      const answer = await answerOf(runtime, path, {}, "repo");
      const main = /<main>[\s\S]*<\/main>/.exec(answer.body)?.[0] ?? null;
      seen[runtime] = {
        status: answer.status,
        location: answer.location,
        middleware: answer.headers.get("x-team-middleware"),
        // The page's markup without class names (a CSS module's are each build's own) and
        // React Router's route-discovery marker on links (nothing a visitor sees).
        main:
          main
            ?.replace(/ class="[^"]*"/g, "")
            .replace(/ data-discover="true"/g, "")
            .replace(/<!-- -->/g, "") ?? null,
        json: answer.json ?? null,
        text: path.endsWith(".txt") ? answer.body : null,
      };
    }
    expectSame(`repo: answer ${path}`, seen.next, seen.shell);
  });
}

/**
 * What the site's styles give the home page: styled-jsx's scoped style (the
 * badge's label, not the page's plain span), one that takes a prop (the
 * badge's border) and a global one (the body's margin); a Sass CSS module;
 * Tailwind's classes.
 */
const siteStylesOf = (page: Page) =>
  page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    return {
      labelSpacing: style("#badge-label").letterSpacing,
      labelCase: style("#badge-label").textTransform,
      plainSpacing: style("#plain-span").letterSpacing,
      badgeBorder: `${style("#badge").borderLeftWidth} ${style("#badge").borderLeftColor}`,
      bodyMargin: style("body").marginTop,
      // A CSS module in Sass (the site's own), and Tailwind's classes (its PostCSS config).
      sass: `${style("#tools").color} ${style("#tools-em").fontWeight}`,
      tailwind: `${style("#tools").fontSize} ${style("#tools").textDecorationLine}`,
    };
  });

/** What a visitor's browser shows of the home page, what it fails to load, and what it says. */
async function visit(page: Page) {
  const failed: string[] = [];
  const scripts = new Set<string>();
  const consoleErrors: string[] = [];
  const pageErrors: string[] = [];
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (response.status() >= 400 && pathname !== "/favicon.ico") failed.push(pathname);
    if (response.request().resourceType() === "script") scripts.add(response.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto("/");
  await page.waitForFunction(
    () => document.querySelector("#secret-in-browser")?.textContent !== "not yet",
  );
  const greeting = page.locator("#greeting");
  const shown = {
    greeting: await greeting.textContent(),
    stage: await page.locator("#stage").textContent(),
    shout: await page.locator("#shout").textContent(),
    serverOnly: await page.locator("#secret-in-browser").textContent(),
    color: await greeting.evaluate((element) => getComputedStyle(element).color),
    weight: await greeting.evaluate((element) => getComputedStyle(element).fontWeight),
    styledJsx: await siteStylesOf(page),
    font: await page.evaluate(async () => {
      await document.fonts.ready;
      const width = (id: string) =>
        Math.round(document.getElementById(id)!.getBoundingClientRect().width);
      return {
        // next/font/local's file, loaded; the text set in it, by its class and by its variable.
        loaded: [...document.fonts].filter((face) => face.status === "loaded").length,
        sample: width("font-sample"),
        byVariable: width("font-by-variable"),
      };
    }),
  };
  await page.click("#first-post");
  await page.waitForSelector("#post");
  // What a screen reader is told of the page the click showed (Next.js's route announcer).
  await page.waitForFunction(
    () => document.getElementById("__next-route-announcer__")?.textContent,
  );
  const clicked = {
    post: await page.locator("#post").textContent(),
    // The page's data, made by the build (its data URL answers from the same record).
    phase: await page.locator("#phase").textContent(),
    path: new URL(page.url()).pathname,
    announced: await page.locator("#__next-route-announcer__").textContent(),
  };
  // No script the browser fetched holds a variable that is not NEXT_PUBLIC_.
  let leaked = false;
  for (const src of scripts) {
    const body = await (await page.request.get(src)).text();
    if (body.includes("token-from-env-file")) leaked = true;
  }
  return { shown, clicked, failed, consoleErrors, pageErrors, leaked, scripts: scripts.size > 0 };
}

test("a team's repository: the home page in Chromium, its styles, its environment and a click", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, Awaited<ReturnType<typeof visit>>>> = {};
  for (const runtime of RUNTIMES) {
    const context = await browser.newContext({ baseURL: baseOf(runtime, "repo") });
    seen[runtime] = await visit(await context.newPage());
    await context.close();
  }
  expect(seen.shell!.shown.greeting).toBe("Hello from .env, visitor");
  expect(seen.shell!.shown.styledJsx).toEqual({
    labelSpacing: "2px",
    labelCase: "uppercase",
    plainSpacing: "normal",
    badgeBorder: "4px rgb(0, 128, 0)",
    bodyMargin: "3px",
    sass: "rgb(90, 30, 120) 700",
    tailwind: "30px underline",
  });
  expect(seen.shell!.shown.serverOnly).toBe("undefined");
  expect(seen.shell!.shown.font.loaded).toBe(1);
  expect(seen.shell!.clicked.announced).toBe("Post first (en)");
  expect(seen.shell!.pageErrors).toEqual([]);
  expect(seen.shell!.consoleErrors).toEqual([]);
  expect(seen.shell!.leaked).toBe(false);
  expectSame("repo: home page in Chromium", seen.next, seen.shell);
});

test("a team's repository: its styles (styled-jsx, Sass, Tailwind) are in the server's page, before any script runs", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const context = await browser.newContext({
      baseURL: baseOf(runtime, "repo"),
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto("/");
    seen[runtime] = await siteStylesOf(page);
    await context.close();
  }
  expect(seen.shell).toMatchObject({ labelSpacing: "2px", badgeBorder: "4px rgb(0, 128, 0)" });
  expectSame("repo: styled-jsx without scripts", seen.next, seen.shell);
});

test("a team's repository: styled-jsx's static styles are minified, as Next.js's compiler minifies them", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const { body } = await answerOf(runtime, "/", {}, "repo");
    // The head's styles, however many elements hold them (React puts the shell's in one).
    const css = [...body.matchAll(/<style[^>]*>([^<]*)<\/style>/g)].map((m) => m[1]!).join("");
    // The global one, the body's margin: the same text from both compilers.
    seen[runtime] = [...css.matchAll(/body\{[^}]*\}/g)].map((m) => m[0]);
    // The badge's label style, scoped: minified too (Next.js's scopes it otherwise).
    if (runtime === "shell") expect(css).toMatch(/\{letter-spacing:2px;text-transform:uppercase\}/);
  }
  expectSame("repo: styled-jsx minified", seen.next, seen.shell);
});

test("a team's repository: instrumentation.ts is registered once and told of each request's error", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const tag = `t${Date.now()}`;
    const page = await answerOf(runtime, `/boom?tag=${tag}`, {}, "repo");
    const api = await answerOf(runtime, `/api/throws?tag=${tag}`, {}, "repo");
    // The hook may be told after the answer has gone.
    await new Promise((wait) => setTimeout(wait, 300));
    const told = await answerOf(runtime, `/api/errors?tag=${tag}`, {}, "repo");
    seen[runtime] = {
      statuses: [page.status, api.status],
      told: JSON.parse(told.body.replaceAll(tag, "TAG")) as unknown,
    };
  }
  expect((seen.shell as { told: { errors: unknown[] } }).told.errors).toHaveLength(2);
  expectSame("repo: instrumentation", seen.next, seen.shell);
});

test("a team's repository: a rewrite to another app is proxied, method, body and answer", async () => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const host = new URL(baseOf(runtime, "repo")).host;
    const answers = [];
    const forwarded = [];
    for (const [path, init] of [
      ["/backend/items/7?q=1", {}],
      ["/fr/backend/items/8", {}],
      [
        "/backend/form",
        { method: "POST", headers: { "content-type": "application/json" }, body: '{"n":1}' },
      ],
      ["/backend/redirect", {}],
    ] as const) {
      const response = await fetch(baseOf(runtime, "repo") + path, { redirect: "manual", ...init });
      const text = await response.text();
      // What the other app was asked, each runtime's own host and port named alike.
      const echo = response.headers.get("x-echo")
        ? (JSON.parse(text.replaceAll(host, "HOST")) as { forwarded: Record<string, string> })
        : null;
      answers.push({
        path,
        status: response.status,
        location: response.headers.get("location"),
        echo: echo && {
          ...echo,
          forwarded: undefined,
          forwardedHost: echo.forwarded["x-forwarded-host"],
        },
      });
      forwarded.push(echo && Object.keys(echo.forwarded).sort());
    }
    seen[runtime] = { answers, forwarded };
  }
  expectSame("repo: rewrite to another app", seen.next, seen.shell);
});

test("a team's repository: a remote image its images.remotePatterns allow, and a NEXT_PUBLIC_ value given to the build", async ({
  browser,
}) => {
  const seen: Partial<Record<Runtime, unknown>> = {};
  for (const runtime of RUNTIMES) {
    const context = await browser.newContext({ baseURL: baseOf(runtime, "repo") });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The favicon the site does not have: asked for by Chromium, answered 404 by both,
      // reported or not depending on whether it lands before the page is left.
      if (message.location().url.endsWith("/favicon.ico")) return;
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/remote-image");
    const image = page.locator("#remote");
    await expect(image).toHaveJSProperty("complete", true);
    seen[runtime] = {
      backend: await page.locator("#backend").textContent(),
      // Decoded: the optimizer fetched the remote photo.
      loaded: await image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0),
      errors,
    };
    await context.close();
  }
  expect((seen.shell as { loaded: boolean }).loaded).toBe(true);
  expectSame("repo: remote image", seen.next, seen.shell);
});

test("beyond Next.js: a NEXT_PUBLIC_ value given at start replaces the built one, in the server's page and the browser's code, without a rebuild", async ({
  browser,
}) => {
  // The same build as the suite's, served again by a server given another value (as a container is).
  const stage = 'staging </script><i id="injected">x</i>';
  const server = await startShell(process.env.REPO_SHELL_BUILD!, { NEXT_PUBLIC_STAGE: stage });
  try {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain('<p id="stage">staging &lt;/script&gt;&lt;i id=&quot;injected&quot;');
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      // The favicon the site does not have is the one resource that may fail.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(message.text());
    });
    await page.goto("/");
    await page.waitForFunction(
      () => document.querySelector("#stage-in-browser")?.textContent !== "not yet",
    );
    expect({
      rendered: await page.locator("#stage").textContent(),
      read: await page.locator("#stage-in-browser").textContent(),
      // The value given to the build alone keeps it.
      greeting: await page.locator("#greeting").textContent(),
      injected: await page.locator("#injected").count(),
      errors,
    }).toEqual({
      rendered: stage,
      read: stage,
      greeting: "Hello from .env, visitor",
      injected: 0,
      errors: [],
    });
    await context.close();
    // The log names what was replaced, never the value.
    const logged = server
      .output()
      .split("\n")
      .find((line) => line.includes("replace the built"));
    expect(logged).toContain('"variables":["NEXT_PUBLIC_STAGE"]');
    expect(server.output()).not.toContain("injected");
  } finally {
    await server.stop();
  }
});
