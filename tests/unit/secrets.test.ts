import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { modeFor } from '../../scripts/integrations/refuse-secret-keys.ts';
import { publicEnvProblems, publicValueProblem, scanText, secretValues } from '../../scripts/lib/secrets.ts';
import { checkSite, siteCheckOptions } from '../../scripts/lib/site-checks.ts';
import { ANON_JWT, SERVICE_ROLE_JWT, fakeJwt } from '../fixtures/jwt.ts';

const AUTHENTICATED_JWT = fakeJwt({ role: 'authenticated', sub: 'user-1' });
const NO_ROLE_JWT = fakeJwt({ iss: 'someone' });
const SB_SECRET = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const SB_PUBLISHABLE = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

describe('a PUBLIC_ variable', () => {
  test.each([
    ['the anon JWT', ANON_JWT, null],
    ['the publishable key', SB_PUBLISHABLE, null],
    ['a plain value (brand name)', 'Thela', null],
    ['a URL', 'https://abcd.supabase.co', null],
    ['an anon JWT with spaces around it', `  ${ANON_JWT}\n`, null],
    ['a service_role JWT', SERVICE_ROLE_JWT, /JWT with role "service_role", not "anon"/],
    ['an authenticated user token', AUTHENTICATED_JWT, /JWT with role "authenticated"/],
    ['a JWT without a role', NO_ROLE_JWT, /JWT with no role/],
    ['a JWT whose role is not text', fakeJwt({ role: 1 }), /JWT with no role/],
    ['a JWT-shaped value that does not decode', 'eyJhbGciOiJIUzI1NiJ9.bm90IGpzb24.sig', /payload cannot be decoded/],
    ['a JWT-shaped value with an empty payload', 'eyJhbGciOiJIUzI1NiJ9..sig', /payload cannot be decoded/],
    ['a JWT payload that is an array', fakeJwt(['anon'] as never), /payload cannot be decoded/],
    ['a Supabase secret key', SB_SECRET, /Supabase secret key \(sb_secret_\.\.\.\)/],
    ['a secret key inside a longer value', `key=${SB_SECRET}`, /Supabase secret key/],
    ['a service_role JWT inside a URL', `https://x.example/?apikey=${SERVICE_ROLE_JWT}`, /contains a JWT with role "service_role"/],
    ['an anon JWT inside a URL', `https://x.example/?apikey=${ANON_JWT}`, null],
  ])('%s', (_label, value, expected) => {
    const problem = publicValueProblem(value);
    if (expected === null) expect(problem).toBeNull();
    else expect(problem).toMatch(expected);
  });

  test('gives one line per offending variable, naming it, never printing the value', () => {
    const lines = publicEnvProblems({
      PUBLIC_SUPABASE_ANON_KEY: SERVICE_ROLE_JWT,
      PUBLIC_SUPABASE_URL: 'https://abcd.supabase.co',
      PUBLIC_OTHER: SB_SECRET,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_JWT, // not PUBLIC_: not inlined, not refused here
      PUBLIC_FINE: ANON_JWT,
    });
    expect(lines).toEqual([
      'Secret key refused, build stopped: PUBLIC_OTHER: it holds a Supabase secret key (sb_secret_...); only the anon or publishable key may reach the browser.',
      'Secret key refused, build stopped: PUBLIC_SUPABASE_ANON_KEY: it holds a JWT with role "service_role", not "anon"; only the anon or publishable key may reach the browser.',
    ]);
    for (const line of lines) {
      expect(line).not.toContain(SB_SECRET);
      expect(line).not.toContain(SERVICE_ROLE_JWT.split('.')[1]);
    }
  });

  test('a role that is not a plain word is not echoed', () => {
    expect(publicValueProblem(fakeJwt({ role: '<script>alert(1)</script>' }))).toMatch(/an unreadable role/);
  });

  test('the mode is the one Astro uses for the command, or --mode', () => {
    expect(modeFor('build', ['node', 'astro', 'build'])).toBe('production');
    expect(modeFor('dev', ['node', 'astro', 'dev'])).toBe('development');
    expect(modeFor('build', ['node', 'astro', 'build', '--mode', 'staging'])).toBe('staging');
    expect(modeFor('dev', ['node', 'astro', 'dev', '--mode=preview'])).toBe('preview');
  });
});

describe('the scan of the built output', () => {
  const SERVICE_KEY = 'super-secret-webhook-value-123';
  const env = {
    THELA_WEBHOOK_SECRET: SERVICE_KEY,
    GITHUB_TOKEN: 'ghp_0123456789abcdefghij',
    DB_PASSWORD: 'short', // under 16 characters: too likely to occur by chance, not looked for
    PUBLIC_SUPABASE_ANON_KEY: ANON_JWT, // public by design
    SITE_URL: 'https://thela.example/long-enough-value', // not a secret name
  };
  const secretsIn = async (dir: string) => (await checkSite(dir, siteCheckOptions(env, 'https://thela.example'))).secrets;

  test('looks for set, non-public, secret-named values of 16+ characters', () => {
    expect(secretValues(env).map((entry) => entry.name)).toEqual(['GITHUB_TOKEN', 'THELA_WEBHOOK_SECRET']);
  });

  test.each([
    ['an anon JWT', `const k="${ANON_JWT}"`, []],
    ['a publishable key', `k:"${SB_PUBLISHABLE}"`, []],
    ['a service_role JWT', `const k="${SERVICE_ROLE_JWT}"`, ['a JWT with role "service_role"']],
    ['a secret key', `fetch(u,{headers:{apikey:"${SB_SECRET}"}})`, ['a Supabase secret key (sb_secret_...)']],
    ['a webhook secret', `<p>${SERVICE_KEY}</p>`, ['the value of THELA_WEBHOOK_SECRET']],
    ['JWT-shaped code that is not a token', 'x=eyJabc.eyJdef.ghi', []],
    ["code naming the prefix (supabase-js 2.119's own key check)", 'ua=e=>e.startsWith(`sb_publishable_`)||e.startsWith(`sb_secret_`)', []],
    ['two kinds at once', `${SERVICE_ROLE_JWT} ${SB_SECRET}`, ['a JWT with role "service_role"', 'a Supabase secret key (sb_secret_...)']],
    ['a secret key written right after an anon JWT', `${ANON_JWT}${SB_SECRET}`, ['a Supabase secret key (sb_secret_...)']],
  ])('%s', (_label, text, kinds) => {
    expect(scanText(text, secretValues(env))).toEqual(kinds);
  });

  test('names each file and kind, and the command exits 1 without printing a secret', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'thela-scan-'));
    try {
      mkdirSync(path.join(dir, '_astro'));
      mkdirSync(path.join(dir, 'product', 'x'), { recursive: true });
      writeFileSync(path.join(dir, 'index.html'), `<script>const key = "${ANON_JWT}";</script>`);
      writeFileSync(path.join(dir, '_astro', 'cart.abc.js'), `const key="${SERVICE_ROLE_JWT}";`);
      writeFileSync(path.join(dir, 'product', 'x', 'index.html'), `<!-- ${SERVICE_KEY} -->`);
      writeFileSync(path.join(dir, '_headers'), `/*\n  X-Debug: ${SB_SECRET}\n`);
      // A binary file without a secret is read and passes.
      writeFileSync(path.join(dir, 'image.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0xff, 0xfe]));
      expect(await secretsIn(dir)).toEqual([
        '_astro/cart.abc.js: a JWT with role "service_role"',
        '_headers: a Supabase secret key (sb_secret_...)',
        'product/x/index.html: the value of THELA_WEBHOOK_SECRET',
      ]);

      const result = spawnSync(process.execPath, ['scripts/check-site.ts', dir], {
        encoding: 'utf8',
        env: { ...process.env, THELA_BUILD_CACHE: `${dir}-cache`, THELA_WEBHOOK_SECRET: SERVICE_KEY },
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('Secret in the built site, build stopped: _astro/cart.abc.js: a JWT with role "service_role"');
      expect(result.stderr).toContain('product/x/index.html: the value of THELA_WEBHOOK_SECRET');
      for (const secret of [SERVICE_KEY, SB_SECRET, SERVICE_ROLE_JWT]) expect(`${result.stdout}${result.stderr}`).not.toContain(secret);

      rmSync(path.join(dir, '_astro', 'cart.abc.js'));
      rmSync(path.join(dir, '_headers'));
      rmSync(path.join(dir, 'product'), { recursive: true });
      const clean = spawnSync(process.execPath, ['scripts/check-site.ts', dir], {
        encoding: 'utf8',
        env: { ...process.env, THELA_BUILD_CACHE: `${dir}-cache`, THELA_WEBHOOK_SECRET: SERVICE_KEY },
      });
      expect(clean.status).toBe(0);
    } finally {
      for (const made of [dir, `${dir}-cache`]) rmSync(made, { recursive: true, force: true });
    }
  });

  test('reads every file the site ships, whatever its name: .yml, .bak, .env*, no extension, binary, gzip', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'thela-scan-'));
    try {
      mkdirSync(path.join(dir, 'config'));
      const leaks: Record<string, string | Buffer> = {
        'leak.yml': `supabase:\n  key: ${SERVICE_ROLE_JWT}\n`,
        'leak.bak': `const key = "${SERVICE_ROLE_JWT}";`,
        '.env.production': `SUPABASE_SERVICE_ROLE_KEY=${SERVICE_ROLE_JWT}\n`,
        'config/credentials': SERVICE_ROLE_JWT,
        'photo.jpg': Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0x00]),
          Buffer.from(`Comment ${SERVICE_ROLE_JWT}`),
          Buffer.from([0xff, 0xd9]),
        ]),
        'pagefind/fragment/en_1.pf_fragment': gzipSync(`{"content":"${SERVICE_ROLE_JWT}"}`),
      };
      for (const [file, body] of Object.entries(leaks)) {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), body);
      }
      writeFileSync(path.join(dir, 'README'), 'nothing secret here');
      writeFileSync(path.join(dir, 'index.html'), '<p>A page</p>');
      const findings = await secretsIn(dir);
      expect(findings).toEqual(
        Object.keys(leaks)
          .sort()
          .map((file) => `${file}: a JWT with role "service_role"`),
      );

      const result = spawnSync(process.execPath, ['scripts/check-site.ts', dir], {
        encoding: 'utf8',
        env: { ...process.env, THELA_BUILD_CACHE: `${dir}-cache`, THELA_FULL_BUILD: '1' },
      });
      expect(result.status).toBe(1);
      for (const file of Object.keys(leaks))
        expect(result.stderr).toContain(`Secret in the built site, build stopped: ${file}: a JWT with role "service_role"`);
      expect(`${result.stdout}${result.stderr}`).not.toContain(SERVICE_ROLE_JWT.split('.')[1]);
    } finally {
      for (const made of [dir, `${dir}-cache`]) rmSync(made, { recursive: true, force: true });
    }
  });
});
