/**
 * What a first visit costs before the page paints and becomes interactive, for
 * every page of the route inventory: nothing but the document stands between
 * the visitor and the first paint, the JavaScript stays within its budget, and
 * each page has what search engines and browsers ask for (a description, an
 * icon). The browser's view of the same (console, render-blocking resources,
 * client navigations) is e2e/budgets.spec.ts.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EMBED_MAX_BYTES } from "../../app/images.ts";
import { ROUTE_CASES } from "./contract-cases.ts";
import { startServer, type RunningServer } from "./harness.ts";

/**
 * The JavaScript of a first load, brotli as served: 103 KiB on 2026-11-23, 110.1
 * KiB on 2026-11-26 (issue 46: the router ranks routes by Next.js's precedence,
 * and the example's text has a fifth language, pt-BR, which the second site
 * serves), 112.6 KiB on 2026-11-28 (issue 55: a click a middleware or a
 * rewrite answers followed in the page, its timeout carried across the hop;
 * `router.isPreview`; the Router singleton's older hooks), which took the
 * budget from 112 to 113 KiB; 113.2 KiB later that day (issue 55: the data of
 * pages rendered once kept for the next visit and listed as `router.sdc`, the
 * middleware's matcher in the browser, a rewritten click's data handed to the
 * page it shows, `router.push("/404", as)`), which took it to 114 KiB. The
 * Next.js peer ships 154 KB; a change that takes ours past this should say why.
 */
const FIRST_LOAD_JS_BUDGET_BYTES = 114 * 1024;

const PAGES = [...ROUTE_CASES.map(([path]) => path), "/fr/about", "/de", "/nope"];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((m) => m[0]);
const attribute = (tag: string, name: string) =>
  tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1]?.replaceAll("&amp;", "&");
const modulePreloads = (html: string) =>
  tags(html, "link")
    .filter((l) => attribute(l, "rel") === "modulepreload")
    .map((l) => attribute(l, "href")!);
const head = (html: string) => html.slice(0, html.indexOf("</head>"));

describe.each(PAGES)("the first load of %s", (path) => {
  test("has nothing render-blocking: no stylesheet link, no classic script; its CSS inline", async () => {
    const html = head((await server.request(path)).body);
    expect(tags(html, "link").filter((l) => attribute(l, "rel") === "stylesheet")).toEqual([]);
    const blockingScripts = tags(html, "script").filter(
      (s) => attribute(s, "src") !== undefined && !/\s(async|defer|type="module")/.test(s),
    );
    expect(blockingScripts).toEqual([]);
    expect(html).toMatch(/<style>[^<]*\.site-header\{/);
  });

  test(`loads at most ${FIRST_LOAD_JS_BUDGET_BYTES / 1024} KiB of JavaScript, brotli`, async () => {
    const html = (await server.request(path)).body;
    const scripts = modulePreloads(html);
    expect(scripts.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const script of scripts) {
      const response = await server.request(script, { headers: { "Accept-Encoding": "br" } });
      expect(response.status, script).toBe(200);
      // Files too small to gain from compression are served as they are.
      expect([undefined, "br"], script).toContain(response.headers["content-encoding"]);
      bytes += response.bytes.length;
    }
    expect(bytes).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET_BYTES);
  });

  // V8 compiles these files' functions as they stream in, off the main thread, and
  // not in the first click that runs them (decision 022).
  test("marks each of its scripts for eager compilation, first line of the file", async () => {
    const page = await server.request(path);
    const scripts = modulePreloads(page.body);
    // React Router's manifest, named after the build, is data written apart from the chunks.
    const manifest = `/assets/manifest-${page.headers["x-build-id"]}.js`;
    expect(scripts).toContain(manifest);
    const code = scripts.filter((script) => script !== manifest);
    expect(code.length).toBeGreaterThan(1);
    for (const script of code) {
      const { body } = await server.request(script);
      expect(body.split("\n", 1)[0], script).toBe("//# allFunctionsCalledOnLoad");
    }
  });

  test("names its icon, which is served", async () => {
    const html = head((await server.request(path)).body);
    const icon = tags(html, "link").find((l) => attribute(l, "rel") === "icon");
    expect(icon).toBeDefined();
    const response = await server.request(attribute(icon!, "href")!);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^image\/svg\+xml/);
  });
});

describe("meta descriptions", () => {
  const description = async (path: string) => {
    const html = head((await server.request(path)).body);
    const meta = tags(html, "meta").filter((m) => attribute(m, "name") === "description");
    expect(meta, path).toHaveLength(1);
    return attribute(meta[0]!, "content")!;
  };

  test.each(ROUTE_CASES.map(([path]) => path))("%s has one, not empty", async (path) => {
    expect((await description(path)).length).toBeGreaterThan(10);
  });

  test("each locale has its own", async () => {
    const texts = await Promise.all(["/about", "/fr/about", "/de/about"].map(description));
    expect(new Set(texts).size).toBe(3);
    expect(texts[1]).toMatch(/applications web/);
  });
});

describe("the home page's photo, its Largest Contentful Paint", () => {
  const AVIF_BRAND = Buffer.from("ftypavif");

  test("its 750 px AVIF file travels in the page, for every screen up to 750 px; wider ones keep their URLs", async () => {
    const html = (await server.request("/")).body;
    const [picture] = html.match(/<picture>.*?<\/picture>/s) ?? [];
    expect(picture).toBeDefined();
    const source = tags(picture!, "source")[0]!;
    const photo = tags(picture!, "img")[0]!;
    expect(attribute(source, "type")).toBe("image/avif");
    expect(attribute(source, "sizes")).toBe(attribute(photo, "sizes"));
    expect(attribute(photo, "class")).toBe("photo");
    expect(attribute(photo, "fetchPriority")).toBe("high");
    // Eager: no `loading`, as Next.js renders a priority image, or "eager".
    expect(attribute(photo, "loading") ?? "eager").toBe("eager");

    // The <img>'s candidates from 750 w up, that one replaced by its file.
    const [embeddedCandidate, ...wider] = attribute(source, "srcSet")!.split(", ");
    const usual = attribute(photo, "srcSet")!.split(", ");
    const at = usual.findIndex((c) => c.endsWith(" 750w"));
    expect(wider).toEqual(usual.slice(at + 1));
    const [dataUrl, descriptor] = embeddedCandidate!.split(" ");
    expect(descriptor).toBe("750w");
    expect(dataUrl).toMatch(/^data:image\/avif;base64,/);

    // Byte for byte what the optimizer serves for that URL to a browser that takes AVIF.
    const embedded = Buffer.from(dataUrl!.slice(dataUrl!.indexOf(",") + 1), "base64");
    const served = await server.request(usual[at]!.split(" ")[0]!, {
      headers: { accept: "image/avif,image/webp,*/*" },
    });
    expect(served.headers["content-type"]).toBe("image/avif");
    expect(embedded.equals(served.bytes)).toBe(true);
    expect(embedded.subarray(4, 12).equals(AVIF_BRAND)).toBe(true);
    expect(embedded.length).toBeLessThanOrEqual(EMBED_MAX_BYTES);
  });

  test("no preload of the photo from the head: one would fetch the width the page carries", async () => {
    const links = tags(head((await server.request("/")).body), "link");
    const imagePreloads = links.filter(
      (l) => attribute(l, "rel") === "preload" && attribute(l, "as") === "image",
    );
    expect(imagePreloads.map((l) => attribute(l, "href"))).toEqual(["/images/shell.svg"]);
  });
});
