/**
 * Helpers of the specs that check a build under its security policy (security-policy.spec.ts,
 * operator-store.spec.ts): the routes of a build worth visiting, a watcher of policy violations, and what the
 * generated policy must be.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { islandsHydrated } from './cart.ts';

/** The URL paths of every page of a build (directory format), sorted. */
export function pagePaths(dir: string): string[] {
  const paths: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory() && entry.name !== '_astro' && entry.name !== 'pagefind') walk(child);
      else if (entry.name === 'index.html') paths.push(`/${relative}${relative ? '/' : ''}`);
      else if (entry.name.endsWith('.html')) paths.push(`/${child.replace(/\.html$/, '')}`);
    }
  };
  walk('');
  return paths.sort();
}

/**
 * Every static route and one of each page type: pages are grouped by first segment and depth; a group of more than
 * six is a page type made from data (products, categories, subcategories, stores, shops) and gives its first page.
 */
export function routesToVisit(dir: string): string[] {
  const groups = new Map<string, string[]>();
  for (const page of pagePaths(dir)) {
    const segments = page.split('/').filter(Boolean);
    const key = `${segments[0] ?? ''}/${segments.length}`;
    groups.set(key, [...(groups.get(key) ?? []), page]);
  }
  const routes = [...groups.values()].flatMap((pages) => (pages.length > 6 ? [pages[0]!] : pages));
  return [...routes, '/no-such-page/', `/product/no-such-product/`];
}

/** What the browser reported against the policy, by page. */
export interface PolicyWatch {
  reports: string[];
  /** Waits for the page to settle (islands hydrated, lazy parts loaded), then lets queued reports arrive. */
  settle(page: Page): Promise<void>;
}

const POLICY_CONSOLE = /content.security.policy|refused to|permissions.policy|pagefind web worker|wasm-unsafe-eval/i;

/** Records `securitypolicyviolation` events (documents and workers) and CSP console messages of a context. */
export async function watchPolicy(context: BrowserContext): Promise<PolicyWatch> {
  const reports: string[] = [];
  await context.exposeBinding('__reportPolicyViolation', ({ page }, text: string) => {
    reports.push(`${page?.url() ?? '?'}: ${text}`);
  });
  await context.addInitScript(() => {
    const report = (event: SecurityPolicyViolationEvent) =>
      (window as unknown as { __reportPolicyViolation: (text: string) => void }).__reportPolicyViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`,
      );
    document.addEventListener('securitypolicyviolation', report);
  });
  const watchPage = (page: Page) => {
    page.on('console', (message) => {
      if (POLICY_CONSOLE.test(message.text())) reports.push(`${page.url()}: console ${message.type()}: ${message.text()}`);
    });
    page.on('worker', (worker) =>
      worker.on('console', (message) => {
        if (POLICY_CONSOLE.test(message.text())) reports.push(`${worker.url()}: worker console: ${message.text()}`);
      }),
    );
    page.on('pageerror', (error) => {
      if (POLICY_CONSOLE.test(error.message)) reports.push(`${page.url()}: ${error.message}`);
    });
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  return {
    reports,
    async settle(page) {
      // A page may send the shopper on by itself (checkout with an empty cart goes to /cart, an order link through
      // the 404 page to its order): then the page it opened is the one to settle.
      for (let attempt = 1; ; attempt++) {
        try {
          await page.waitForLoadState('networkidle');
          // client:visible islands and lazy images load when scrolled to.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await page.waitForLoadState('networkidle');
          await islandsHydrated(page);
          // Violation events are queued tasks: two frames are enough for them to be dispatched and reported.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          return;
        } catch (error) {
          if (attempt === 3 || !/Execution context was destroyed|navigat/i.test(String(error))) throw error;
        }
      }
    },
  };
}

/** The policy of a served response must be the generated one: same-origin, scripts by hash, no unsafe sources. */
export function expectStrictPolicy(headers: Record<string, string>, connect: string[] = ["'self'"]): void {
  const policy = headers['content-security-policy'] ?? '';
  expect(policy).toContain("default-src 'self'");
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).not.toContain("'unsafe-eval'");
  expect(policy).toContain(`connect-src ${connect.join(' ')};`);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
}
