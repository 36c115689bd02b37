/**
 * The browser a Next.js test drives (`next.browser()`, `webdriver()`): the
 * chainable interface of Next.js's test library, over Playwright and Debian's
 * Chromium. Every call is queued behind the one before it;
 * `await browser.elementByCss("#a").click()` waits for the element, clicks it,
 * and yields the element. A call that does not work on the previous value
 * (`elementByCss`, `eval`, `url`, `back`) runs even when the one before it
 * failed, so a test that caught a failure can go on; a call that does (`text`,
 * `click`) fails with it. As in Next.js's library: an element has `text()`
 * and `getComputedCss()`; `eval` answers null for a snippet that throws.
 */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ElementHandle,
  type Page,
} from "playwright";
import { chromiumArgs, chromiumPath } from "../../../e2e/chromium.ts";

/** How long `elementByCss` waits for its element (Next.js's: 5 s), and `waitForElementByCss`. */
const ELEMENT_WAIT_MS = 5_000;
const WAIT_FOR_ELEMENT_MS = 10_000;

let launched: Promise<Browser> | null = null;
/** The pages opened since the last `closeOpenPages()`. */
const open = new Set<HarnessBrowser>();

/** One Chromium per test file (per worker); each page a context of its own. */
function browserProcess(): Promise<Browser> {
  launched ??= chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  return launched;
}

/** Closes every page a test opened (after each test, as Next.js's harness does). */
export async function closeOpenPages(): Promise<void> {
  const pages = [...open];
  open.clear();
  await Promise.all(pages.map((page) => page.close().catch(() => undefined)));
}

/** Closes the Chromium this worker launched, if it launched one. */
export async function quitBrowser(): Promise<void> {
  const running = launched;
  launched = null;
  if (running) await (await running).close();
}

export interface LoadOptions {
  readonly disableCache?: boolean;
  readonly beforePageLoad?: (page: Page) => unknown;
  readonly locale?: string;
  readonly disableJavaScript?: boolean;
  readonly ignoreHTTPSErrors?: boolean;
  readonly userAgent?: string;
  readonly extraHTTPHeaders?: Record<string, string>;
  /** A page's uncaught errors among `log()`'s entries, as `error`. */
  readonly pushErrorAsConsoleLog?: boolean;
}

export interface LogEntry {
  source: string;
  message: string;
}

/** An element as Next.js's library gives it: Playwright's handle, with `text()` and `getComputedCss()`. */
export type HarnessElement = ElementHandle & {
  selector: string;
  text(): Promise<string>;
  getComputedCss(property: string): Promise<string | null>;
};

type Step = (value: unknown) => unknown;

/** Snippets and functions as Next.js's `eval` takes them: a string is an expression. */
function evaluable(snippet: string | ((...args: never[]) => unknown)) {
  return typeof snippet === "string" ? `(() => { return (${snippet}); })()` : snippet;
}

export class HarnessBrowser {
  page!: Page;
  context!: BrowserContext;
  private queue: Promise<unknown> = Promise.resolve(undefined);
  private readonly logs: LogEntry[] = [];
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  /** Set once a call was queued, as Next.js's interface does: then `await browser` waits for it. */
  then?: Promise<unknown>["then"];
  catch?: Promise<unknown>["catch"];
  finally?: Promise<unknown>["finally"];

  async loadPage(url: string, options: LoadOptions = {}): Promise<void> {
    const browser = await browserProcess();
    this.context = await browser.newContext({
      locale: options.locale,
      javaScriptEnabled: options.disableJavaScript !== true,
      ignoreHTTPSErrors: options.ignoreHTTPSErrors,
      userAgent: options.userAgent,
      extraHTTPHeaders: options.extraHTTPHeaders,
    });
    open.add(this);
    this.page = await this.context.newPage();
    this.page.on("console", (message) =>
      this.logs.push({ source: message.type(), message: message.text() }),
    );
    this.page.on("pageerror", (error) => {
      if (options.pushErrorAsConsoleLog)
        this.logs.push({ source: "error", message: error.message });
    });
    this.page.on("request", (request) => this.emit("request", request));
    this.page.on("response", (response) => this.emit("response", response));
    if (options.disableCache) {
      const session = await this.context.newCDPSession(this.page);
      await session.send("Network.setCacheDisabled", { cacheDisabled: true });
    }
    await options.beforePageLoad?.(this.page);
    await this.page.goto(url, { waitUntil: "load" });
  }

  private emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** Queues a step that takes the previous value; a failure before it is its failure. */
  private chain(step: Step): this {
    this.queue = this.queue.then(step);
    return this.thenable();
  }

  /** Queues a step of its own: it runs once the previous one settled, whatever its outcome. */
  private start(step: () => unknown): this {
    this.queue = this.queue.then(
      () => step(),
      () => step(),
    );
    return this.thenable();
  }

  private thenable(): this {
    const queue = this.queue;
    this.then = ((...args: Parameters<Promise<unknown>["then"]>) => queue.then(...args)) as never;
    this.catch = ((...args: Parameters<Promise<unknown>["catch"]>) =>
      queue.catch(...args)) as never;
    this.finally = ((...args: Parameters<Promise<unknown>["finally"]>) =>
      queue.finally(...args)) as never;
    return this;
  }

  /** A value computed after the queue, returned apart from it (Next.js's chainWithReturnValue). */
  private after<T>(step: () => Promise<T>): Promise<T> {
    const result = this.queue.then(
      () => step(),
      () => step(),
    );
    this.queue = result.catch(() => undefined);
    this.thenable();
    return result;
  }

  /** A value of the previous step's (an element's text), returned apart from the queue. */
  private chainValue<T>(step: (value: unknown) => Promise<T>): Promise<T> {
    const result = this.queue.then(step);
    this.queue = result.catch(() => undefined);
    this.thenable();
    return result;
  }

  private element(value: unknown): HarnessElement {
    if (value && typeof (value as ElementHandle).click === "function")
      return value as HarnessElement;
    throw new Error("no element: call elementByCss() (or another element query) first");
  }

  private wrap(element: ElementHandle, selector: string): HarnessElement {
    const page = this.page;
    return Object.assign(element, {
      selector,
      text: () => element.innerText(),
      getComputedCss: (property: string) =>
        page.evaluate(
          ({ css, name }) =>
            (getComputedStyle(document.querySelector(css)!) as unknown as Record<string, string>)[
              name
            ] || null,
          { css: selector, name: property },
        ),
    });
  }

  // Queries

  waitForElementByCss(selector: string, timeout = WAIT_FOR_ELEMENT_MS): this {
    return this.start(async () => {
      const element = await this.page.waitForSelector(selector, { timeout, state: "attached" });
      await this.page.waitForLoadState();
      return this.wrap(element, selector);
    });
  }

  elementByCss(selector: string): this {
    return this.waitForElementByCss(selector, ELEMENT_WAIT_MS);
  }

  elementById(id: string): this {
    return this.elementByCss(`#${id}`);
  }

  /** The elements; each one's `getAttribute` answers "" for an absent attribute, as Selenium's. */
  elementsByCss(selector: string): Promise<ElementHandle[]> {
    return this.after(async () =>
      (await this.page.$$(selector)).map((element) => {
        const getAttribute = element.getAttribute.bind(element);
        element.getAttribute = async (name: string) => (await getAttribute(name)) ?? "";
        return element;
      }),
    );
  }

  hasElementByCssSelector(selector: string): Promise<boolean> {
    return this.eval<boolean>(`!!document.querySelector('${selector}')`);
  }

  /**
   * Waits until the snippet is truthy in the page, asked every 100 ms from here:
   * Playwright's own waitForFunction evaluates a string with `eval` in the page,
   * which a Content-Security-Policy without 'unsafe-eval' (the shell's) forbids.
   */
  waitForCondition(condition: string, timeout = WAIT_FOR_ELEMENT_MS): this {
    return this.start(async () => {
      const deadline = Date.now() + timeout;
      for (;;) {
        const value: unknown = await this.page.evaluate(condition).catch(() => undefined);
        if (value) return value;
        if (Date.now() > deadline)
          throw new Error(`waitForCondition: ${condition} was not true within ${timeout} ms`);
        await new Promise((wait) => setTimeout(wait, 100));
      }
    });
  }

  // On the element before

  click(): this {
    return this.chain(async (value) => {
      const element = this.element(value);
      await element.click();
      return element;
    });
  }

  text(): Promise<string> {
    return this.chainValue((value) => this.element(value).innerText());
  }

  getValue(): Promise<string> {
    return this.chainValue((value) => this.element(value).inputValue());
  }

  getAttribute(name: string): Promise<string | null> {
    return this.chainValue((value) => this.element(value).getAttribute(name));
  }

  getComputedCss(property: string): Promise<string | null> {
    return this.chainValue((value) => this.element(value).getComputedCss(property));
  }

  type(text: string): this {
    return this.chain(async (value) => {
      const element = this.element(value);
      await element.type(text);
      return element;
    });
  }

  moveTo(): this {
    return this.chain(async (value) => {
      const element = this.element(value);
      await element.hover();
      return element;
    });
  }

  touchStart(): this {
    return this.chain(async (value) => {
      const element = this.element(value);
      await element.dispatchEvent("touchstart");
      return element;
    });
  }

  // The page

  keydown(key: string): this {
    return this.start(() => this.page.keyboard.down(key));
  }

  keyup(key: string): this {
    return this.start(() => this.page.keyboard.up(key));
  }

  focusPage(): this {
    return this.start(() => this.page.bringToFront());
  }

  back(options?: Parameters<Page["goBack"]>[0]): this {
    return this.start(() => this.page.goBack(options));
  }

  forward(options?: Parameters<Page["goForward"]>[0]): this {
    return this.start(() => this.page.goForward(options));
  }

  refresh(): this {
    return this.start(() => this.page.reload());
  }

  setDimensions({ width, height }: { width: number; height: number }): this {
    return this.start(() => this.page.setViewportSize({ width, height }));
  }

  addCookie(cookie: { name: string; value: string; path?: string; domain?: string }): this {
    return this.start(() =>
      this.context.addCookies([
        { path: "/", domain: new URL(this.page.url()).hostname, ...cookie },
      ]),
    );
  }

  deleteCookies(): this {
    return this.start(() => this.context.clearCookies());
  }

  get(url: string): Promise<unknown> {
    return this.after(() => this.page.goto(url));
  }

  /** The snippet's value in the page; null when it throws (Next.js's library logs it and goes on). */
  eval<T = unknown>(snippet: string | ((...args: never[]) => T), ...args: unknown[]): Promise<T> {
    return this.after(async () => {
      const evaluated =
        args.length > 0
          ? this.page.evaluate(snippet as never, args.length === 1 ? args[0] : args)
          : this.page.evaluate(evaluable(snippet) as never);
      const value = await evaluated.catch((error: unknown) => {
        console.error("eval error:", error);
        return null;
      });
      await this.page.waitForLoadState();
      return value;
    }) as Promise<T>;
  }

  /**
   * A snippet WebDriver-style (its callback last, `arguments[arguments.length - 1]`):
   * the value it calls back with; any other snippet, its value; null when it throws.
   */
  evalAsync<T = unknown>(snippet: string | ((...args: never[]) => unknown)): Promise<T> {
    let source = typeof snippet === "function" ? String(snippet) : snippet;
    if (source.includes("var callback = arguments[arguments.length - 1]"))
      source = `(function () {
        return new Promise((resolve, reject) => {
          const original = ${source};
          try { original(resolve); } catch (error) { reject(error); }
        });
      })()`;
    return this.page.evaluate(source).catch(() => null) as Promise<T>;
  }

  url(): Promise<string> {
    return this.after(async () => this.page.url());
  }

  log(): Promise<LogEntry[]> {
    return this.after(async () => [...this.logs]);
  }

  websocketFrames(): Promise<unknown[]> {
    return Promise.resolve([]);
  }

  waitForIdleNetwork(): Promise<void> {
    return this.after(() => this.page.waitForLoadState("networkidle"));
  }

  on(event: string, listener: (...args: never[]) => void): void {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener as (...args: unknown[]) => void);
    this.listeners.set(event, set);
  }

  off(event: string, listener: (...args: never[]) => void): void {
    this.listeners.get(event)?.delete(listener as (...args: unknown[]) => void);
  }

  async close(): Promise<void> {
    await this.context?.close();
  }

  async quit(): Promise<void> {
    await this.close();
  }
}
