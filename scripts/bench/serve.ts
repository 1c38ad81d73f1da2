/** The site's static server (scripts/lib/static-site.ts) for the bench: brotli/gzip as a CDN sends, HTTP/2 over TLS with `secure` (bench/README.md). */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveSite, type SiteServer } from '../lib/static-site.ts';

let certificate: { key: Buffer; cert: Buffer } | undefined;

/** A self-signed certificate for 127.0.0.1 (openssl), made once a run. */
function selfSigned(): { key: Buffer; cert: Buffer } {
  if (certificate) return certificate;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'thela-bench-tls-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const args = 'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=127.0.0.1'.split(' ');
    execFileSync('openssl', [...args, '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    return (certificate = { key: readFileSync(key), cert: readFileSync(cert) });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Serves `root` on 127.0.0.1:`port` (0: a free one) until closed; over HTTP/2 and TLS with `secure`; `compress: false` as files are. */
export function serveStatic(root: string, port: number, { secure = false, compress = true } = {}): Promise<SiteServer> {
  return serveSite(root, port, { compress, tls: secure ? selfSigned() : undefined });
}
