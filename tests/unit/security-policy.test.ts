import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  DENIED_FEATURES,
  collectInlineCode,
  contentSecurityPolicy,
  cspHash,
  headersForPath,
  mergeHeadersFile,
  parseHeadersFile,
  securityHeaders,
} from '../../scripts/lib/security-policy.ts';
import { scanHtml } from '../../scripts/lib/html-scan.ts';
import { supabaseOrigin } from '../../src/lib/pwa/routes.ts';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the inline code of a page', () => {
  const page = `<!doctype html><html><head>
    <script>theme()</script>
    <script type="module">import('/x.js')</script>
    <script type="text/javascript">legacy()</script>
    <script type="application/ld+json">{"@type":"Product","name":"</scr"}</script>
    <script type="module" src="/_astro/page.js"></script>
    <script src="/a.js"></script>
    <style>a{color:red}</style>
    </head><body><p>style="not an attribute" onclick="text"</p></body></html>`;

  test('hashes executable inline scripts and style elements, not JSON-LD or external scripts', () => {
    const code = collectInlineCode(scanHtml(page));
    expect([...code.scriptHashes].sort()).toEqual([sha('theme()'), sha("import('/x.js')"), sha('legacy()')].sort());
    expect([...code.styleHashes]).toEqual([sha('a{color:red}')]);
    expect(code.styleAttributes).toBe(0);
    expect(code.eventHandlers).toBe(0);
    expect(cspHash('theme()')).toBe(sha('theme()'));
  });

  test('counts style attributes and event handlers, which a hash-only policy blocks', () => {
    const code = collectInlineCode(
      scanHtml('<div style="width:40%"></div><button type="button" onclick="go()">Go</button><img onerror=x src=y>'),
    );
    expect(code.styleAttributes).toBe(1);
    expect(code.eventHandlers).toBe(2);
  });

  test('a handler or style written inside the quoted value of an attribute the checks read is not one', () => {
    const code = collectInlineCode(scanHtml('<a href="/x onclick=y" onmouseover = "go(); style = 1">x</a>'));
    expect(code.styleAttributes).toBe(0);
    expect(code.eventHandlers).toBe(1);
  });

  test('a script or style tag written inside the other element is its text, not an element', () => {
    const code = collectInlineCode(scanHtml('<style>/* <script>x()</script> */</style><script>s("<style>b{}</style>")</script>'));
    expect([...code.styleHashes]).toEqual([sha('/* <script>x()</script> */')]);
    expect([...code.scriptHashes]).toEqual([sha('s("<style>b{}</style>")')]);
  });

  test('accumulates over pages (one site-wide set of hashes)', () => {
    const code = collectInlineCode(scanHtml('<script>a()</script>'));
    collectInlineCode(scanHtml('<script>a()</script><script>b()</script>'), code);
    expect(code.scriptHashes.size).toBe(2);
  });
});

describe('the Content-Security-Policy', () => {
  const policy = contentSecurityPolicy({ scriptHashes: [sha('b'), sha('a'), sha('a')], styleHashes: [sha('s')] });
  const parsed = directives(policy);

  test('is same-origin only, scripts by hash, and never unsafe-inline or unsafe-eval', () => {
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...[sha('a'), sha('b')].sort()]);
    expect(parsed.get('style-src')).toEqual(["'self'", sha('s')]);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    expect(parsed.get('base-uri')).toEqual(["'self'"]);
    expect(parsed.get('form-action')).toEqual(["'self'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-inline|'unsafe-eval'|\*|https?:|data:|blob:/);
  });

  test('connect-src adds only the origin of the configured Supabase URL', () => {
    const withSupabase = directives(
      contentSecurityPolicy({ scriptHashes: [], styleHashes: [], supabaseUrl: 'https://abcd.supabase.co/rest/v1/?x=1' }),
    );
    expect(withSupabase.get('connect-src')).toEqual(["'self'", 'https://abcd.supabase.co']);
    expect(
      directives(contentSecurityPolicy({ scriptHashes: [], styleHashes: [], supabaseUrl: 'http://127.0.0.1:54321' })).get('connect-src'),
    ).toEqual(["'self'", 'http://127.0.0.1:54321']);
    for (const bad of ['', 'not a url', 'javascript:alert(1)', 'ftp://x.example', undefined]) {
      expect(supabaseOrigin(bad)).toBeNull();
      expect(directives(contentSecurityPolicy({ scriptHashes: [], styleHashes: [], supabaseUrl: bad })).get('connect-src')).toEqual([
        "'self'",
      ]);
    }
  });

  test("img-src stays 'self' unless photos come from the Supabase project's image endpoint", () => {
    const url = 'https://abcd.supabase.co';
    expect(directives(contentSecurityPolicy({ scriptHashes: [], styleHashes: [], supabaseUrl: url })).get('img-src')).toEqual(["'self'"]);
    expect(
      directives(contentSecurityPolicy({ scriptHashes: [], styleHashes: [], supabaseUrl: url, imageCdn: true })).get('img-src'),
    ).toEqual(["'self'", url]);
    expect(directives(contentSecurityPolicy({ scriptHashes: [], styleHashes: [], imageCdn: true })).get('img-src')).toEqual(["'self'"]);
  });

  test('comes with the other security headers', () => {
    const headers = securityHeaders({ scriptHashes: new Set(), styleHashes: new Set() });
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
      expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
    expect(headers['Permissions-Policy']!.split(', ')).toHaveLength(DENIED_FEATURES.length);
  });
});

describe('the _headers file', () => {
  const base = readFileSync(new URL('../../public/_headers', import.meta.url), 'utf8');
  const headers = securityHeaders({ scriptHashes: new Set([sha('a')]), styleHashes: new Set() });
  const merged = mergeHeadersFile(base, headers);
  const rules = parseHeadersFile(merged);

  test('keeps the caching rules of public/_headers and adds the security headers to /* once', () => {
    expect(rules.find((rule) => rule.pattern === '/_astro/*')?.headers).toEqual([['Cache-Control', 'public, max-age=31536000, immutable']]);
    const all = rules.filter((rule) => rule.pattern === '/*');
    expect(all).toHaveLength(1);
    const names = all[0]!.headers.map(([name]) => name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    expect(Object.fromEntries(all[0]!.headers)).toEqual(headers);
    // Merging again (a rebuild over the same directory) changes nothing.
    expect(mergeHeadersFile(merged, headers)).toBe(merged);
  });

  test('a file without a /* rule gets one', () => {
    const parsed = parseHeadersFile(mergeHeadersFile('/a/*\n  X-A: 1\n', { 'X-B': '2' }));
    expect(parsed).toEqual([
      { pattern: '/a/*', headers: [['X-A', '1']] },
      { pattern: '/*', headers: [['X-B', '2']] },
    ]);
  });

  test('applies to a path as Netlify and Cloudflare do: every matching rule, repeated names joined', () => {
    expect(headersForPath(rules, '/_astro/cart.abc.js')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersForPath(rules, '/_astro/cart.abc.js')['Content-Security-Policy']).toBe(headers['Content-Security-Policy']);
    expect(headersForPath(rules, '/product/x/')['Cache-Control']).toBeUndefined();
    expect(headersForPath(rules, '/')['X-Frame-Options']).toBe('DENY');
    const custom = parseHeadersFile('/a/:id/x\n  X-A: 1\n/*\n  x-a: 2\n/b.html\n  X-B: 3\n');
    expect(headersForPath(custom, '/a/7/x')).toEqual({ 'X-A': '1, 2' });
    expect(headersForPath(custom, '/a/7/8/x')).toEqual({ 'x-a': '2' });
    expect(headersForPath(custom, '/bxhtml')).toEqual({ 'x-a': '2' }); // the dot is literal
    expect(headersForPath(custom, '/b.html')).toEqual({ 'x-a': '2', 'X-B': '3' });
  });
});
