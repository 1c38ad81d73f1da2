/**
 * Playwright's web server for a built site (playwright.config.ts): `node tests/e2e/support/serve-dist.ts <dir> <port>`
 * serves it as a static host with rewrites does (the build's `_redirects`: every `/orders/{id}` is the order page),
 * without `_headers`, as `astro preview` served it (security-policy.spec.ts applies them on a server of its own).
 */
import { startSwitchableServer } from './static-server.ts';

const [dir = 'dist', port = '4321'] = process.argv.slice(2);
const server = await startSwitchableServer(dir, { port: Number(port), headers: false, record: false });
console.log(`serve-dist: ${dir} at ${server.origin}`);
