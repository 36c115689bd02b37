/**
 * Locales by domain (`i18n.domains`), over HTTP: on a domain, its default
 * locale unprefixed; canonical, `hreflang` and sitemap links on each locale's
 * domain; `/` sending a visitor to another domain's home. The second site has
 * domains (tests/second-site/site.config.ts); a site without them skips this.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { LOCALE_DOMAINS, LOCALES, type Locale } from "../../app/routing/locale.ts";
import { canonical, L0, text } from "./contract-cases.ts";
import {
  alternates,
  canonicalLink,
  htmlLang,
  routeMarker,
  startServer,
  type RunningServer,
} from "./harness.ts";

// The second site's: es (the site's default) and de on their domains, pt-BR on none.
const [HOME, OTHER] = LOCALE_DOMAINS;
const WITHOUT_DOMAIN = LOCALES.find((l) => !LOCALE_DOMAINS.some((d) => d.defaultLocale === l));
const originOf = (domain: { domain: string; http?: boolean }) =>
  `${domain.http ? "http" : "https"}://${domain.domain}`;

describe.skipIf(LOCALE_DOMAINS.length < 2 || WITHOUT_DOMAIN === undefined)(
  "locales by domain",
  () => {
    const home = HOME!;
    const other = OTHER!;
    const bare = WITHOUT_DOMAIN as Locale;
    let server: RunningServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(() => server?.stop());

    test("a domain serves its default locale unprefixed, the others by prefix", async () => {
      const own = await server.request(canonical("/about"), {
        headers: { Host: `${other.domain}:8080` },
      });
      expect(own.status).toBe(200);
      expect(htmlLang(own.body)).toBe(other.defaultLocale);
      expect(own.body).toContain(`<h1>${text(other.defaultLocale).about.title}</h1>`);
      expect(routeMarker(own.body)?.locale).toBe(other.defaultLocale);
      const prefixed = await server.request(canonical(`/${bare}/about`), {
        headers: { Host: other.domain },
      });
      expect(htmlLang(prefixed.body)).toBe(bare);
      // A host that is no domain: the site's default, as without domains.
      const elsewhere = await server.request(canonical("/about"), {
        headers: { Host: "preview.example" },
      });
      expect(htmlLang(elsewhere.body)).toBe(L0);
    });

    test("canonical and hreflang links name each locale on its own domain", async () => {
      const response = await server.request(canonical("/about"), {
        headers: { Host: other.domain },
      });
      expect(canonicalLink(response.body)).toBe(`${originOf(other)}${canonical("/about")}`);
      expect(alternates(response.body)).toEqual({
        [home.defaultLocale]: `${originOf(home)}${canonical("/about")}`,
        [other.defaultLocale]: `${originOf(other)}${canonical("/about")}`,
        // No domain serves it: this host's URL, under its prefix.
        [bare]: `http://${other.domain}${canonical(`/${bare}/about`)}`,
        // The example page names router.defaultLocale's: on a domain, the domain's own.
        "x-default": `${originOf(other)}${canonical("/about")}`,
      });
    });

    test("/ sends a visitor whose languages prefer another domain's locale there, query kept", async () => {
      const response = await server.request("/?x=1", {
        headers: { Host: home.domain, "Accept-Language": `${other.defaultLocale};q=0.9` },
      });
      expect(response.status).toBe(307);
      expect(response.headers.location).toBe(`${originOf(other)}${canonical("/")}?x=1`);
      // Its own default, or a locale no domain serves: this domain's home, as it is.
      for (const language of [home.defaultLocale, bare]) {
        const stay = await server.request("/", {
          headers: { Host: home.domain, "Accept-Language": language },
        });
        expect(stay.status, language).toBe(200);
      }
      // On a domain, the remembered choice does not move the visitor.
      const remembered = await server.request("/", {
        headers: { Host: home.domain, Cookie: `locale=${other.defaultLocale}` },
      });
      expect(remembered.status).toBe(200);
    });

    test("a domain's sitemap lists its own URLs, the other domains' as alternates", async () => {
      const response = await server.request(canonical("/sitemap.xml").replace(/\/$/, ""), {
        headers: { Host: other.domain },
      });
      expect(response.status).toBe(200);
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
      expect(locs.length).toBeGreaterThan(0);
      for (const loc of locs) expect(new URL(loc).host).toBe(other.domain);
      expect(locs).toContain(`${originOf(other)}${canonical("/about")}`);
      expect(response.body).toContain(
        `hreflang="${home.defaultLocale}" href="${originOf(home)}${canonical("/about")}"`,
      );
    });
  },
);
