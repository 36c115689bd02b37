/**
 * A team's site folder as an image, as a CI job with only the site's
 * repository builds it: from the folder alone (a copy of tests/nextjs-repo
 * outside this project, as checked out: nothing installed), on the shell's two
 * images (scripts/build-site-image.sh, docker/site.Dockerfile). Run as the
 * app's image runs, and behind nginx by docker-compose.yml.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { StartedTestContainer } from "testcontainers";
import { afterAll, beforeAll, expect, test } from "vitest";
import { rawRequest } from "../integration/harness.ts";
import { APP_PORT, AppContainer } from "./app-container.ts";
import { DOCKER, stack } from "./stack.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const SHELL = `rr-ssr-shell-site-${process.pid}`;
const SITE_IMAGE = `team-site:vitest-${process.pid}`;
let siteDir: string;

beforeAll(() => {
  siteDir = mkdtempSync(join(tmpdir(), "team-site-"));
  cpSync(join(ROOT, "tests/nextjs-repo"), siteDir, { recursive: true });
  execFileSync("scripts/build-site-image.sh", [siteDir, SITE_IMAGE], {
    cwd: ROOT,
    env: { ...process.env, SHELL_IMAGE: SHELL },
    stdio: "inherit",
  });
}, 600_000);

afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  execFileSync(
    DOCKER,
    ["rmi", "--force", SITE_IMAGE, `${SHELL}:site-builder`, `${SHELL}:site-runtime`],
    { stdio: "ignore" },
  );
});

test("the site's image serves its pages, styles, API and public files, read-only, its sources left out", async () => {
  const container: StartedTestContainer = await new AppContainer(SITE_IMAGE)
    .withReadOnlyRootFilesystem()
    .withEnvironment({ NEXT_PUBLIC_STAGE: "from-the-container" })
    .start();
  try {
    const port = container.getMappedPort(APP_PORT);
    const home = await rawRequest(port, "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("<h1>Team site</h1>");
    // next.config's env, a .env file's NEXT_PUBLIC_ value, and one given to the container.
    expect(home.body).toContain('<p id="team-name">The Team</p>');
    expect(home.body).toContain("Hello from .env");
    expect(home.body).toContain('<p id="stage">from-the-container</p>');
    // styled-jsx, in the head; the site's own package (linked from its folder), bundled.
    expect(home.body).toMatch(/<style data-precedence="styled-jsx"[^>]*>[^<]*letter-spacing:2px/);
    expect(home.body).toContain('<p id="shout">TEAM!</p>');
    // Sass and Tailwind, installed in the image's build as the site's own packages.
    let css = "";
    for (const [, href] of home.body.matchAll(/<link [^>]*rel="stylesheet" href="([^"]+)"/g))
      css += (await rawRequest(port, href!)).body;
    css += [...home.body.matchAll(/<style>([^<]*)<\/style>/g)].map(([, text]) => text).join("");
    expect(css).toMatch(/\.text-3xl\{font-size:/);
    expect(css).toMatch(/color: ?#5a1e78/);
    expect((await rawRequest(port, "/fr/posts/second")).status).toBe(200);
    expect((await rawRequest(port, "/posts/no-such-post")).status).toBe(404);
    const api = await rawRequest(port, "/api/hello?name=image");
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toMatchObject({ hello: "image" });
    expect((await rawRequest(port, "/team.txt")).body).toContain("team");
    const { output } = await container.exec([
      "sh",
      "-c",
      "test -e /site || echo no-site; test -e /app/src || echo no-shell-source",
    ]);
    expect(output.trim().split("\n")).toEqual(["no-site", "no-shell-source"]);
  } finally {
    await container.stop({ timeout: 1000 });
  }
});

test("docker-compose.yml runs the site's image behind nginx", async () => {
  const site = await stack("rrteam", { APP_IMAGE: SITE_IMAGE });
  try {
    await site.up();
    const home = await rawRequest(site.proxyPort, "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("<h1>Team site</h1>");
    const moved = await rawRequest(site.proxyPort, "/old-posts/first");
    expect([moved.status, moved.headers.location]).toEqual([308, "/posts/first"]);
  } finally {
    site.compose("down", "--volumes", "--remove-orphans", "--timeout", "15");
  }
}, 240_000);
