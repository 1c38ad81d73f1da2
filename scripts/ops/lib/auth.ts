/**
 * Webhook authentication with one shared secret: the secret in a header, or an HMAC signature accepted once within a time window;
 * constant-time comparisons. Call `verify` then `remember` with no `await` between (why: docs/architecture.md, "Webhook signatures").
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The verdict on one request (a refusal's reason is logged, never sent); a signed one carries, for `remember`, its digest and expiry. */
type AuthResult =
  | { ok: true; method: 'header' }
  | { ok: true; method: 'signature'; signature: { key: string; expires: number } }
  | { ok: false; reason: 'missing' | 'bad-secret' | 'bad-signature' | 'bad-timestamp' | 'stale' | 'replayed' };

/** `toleranceMs`: how far a signed timestamp may be from now, either way; `store`: seen signatures across restarts (default: none). */
interface VerifierOptions {
  secret: string;
  toleranceMs: number;
  now?: (() => number) | undefined;
  store?: { load(): Array<[string, number]>; save(entries: Array<[string, number]>): void } | undefined;
}

/** The shortest secret accepted: 16 characters (`openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 16;

/** Most signatures remembered at once; beyond it the oldest are dropped early (only signed requests get in). */
const MAX_REMEMBERED = 10_000;

function digest(value: string | Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time equality of two strings of any length (compares their SHA-256 digests). */
function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b));
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The HMAC the sender must put in x-thela-signature (without the `sha256=` prefix). */
export function signature(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/** Checks request headers and the raw body against the secret, with its own memory of seen signatures. */
export function createVerifier(options: VerifierOptions) {
  const { secret, toleranceMs } = options;
  const now = options.now ?? Date.now;
  // Digest of a seen signature -> when it can be forgotten (its timestamp can no longer pass the window).
  const seen = new Map<string, number>(options.store?.load() ?? []);

  const forgetExpired = (at: number) => {
    for (const [key, expires] of seen) if (expires <= at) seen.delete(key);
    for (const key of seen.keys()) {
      if (seen.size < MAX_REMEMBERED) break;
      seen.delete(key);
    }
  };

  return {
    /** The verdict; spends nothing. */
    verify(headers: IncomingHttpHeaders, rawBody: Buffer): AuthResult {
      const signed = single(headers['x-thela-signature']);
      if (signed !== undefined) {
        const timestamp = single(headers['x-thela-timestamp']) ?? '';
        if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'bad-timestamp' };
        const expected = `sha256=${signature(secret, timestamp, rawBody)}`;
        // Check the signature before the clock, so the answer to a forged request says nothing about timing.
        if (!safeEqual(signed.trim().toLowerCase(), expected)) return { ok: false, reason: 'bad-signature' };
        const at = now();
        const sentAt = Number(timestamp) * 1000;
        if (Math.abs(at - sentAt) > toleranceMs) return { ok: false, reason: 'stale' };
        forgetExpired(at);
        const key = digest(expected).toString('base64');
        if (seen.has(key)) return { ok: false, reason: 'replayed' };
        return { ok: true, method: 'signature', signature: { key, expires: sentAt + toleranceMs + 1000 } };
      }

      const authorization = single(headers['authorization']);
      const bearer = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
      const header = single(headers['x-webhook-secret'])?.trim();
      const offered = bearer ?? header;
      if (offered === undefined || offered === '') return { ok: false, reason: 'missing' };
      return safeEqual(offered, secret) ? { ok: true, method: 'header' } : { ok: false, reason: 'bad-secret' };
    },

    /** Spends an accepted signature (remembered and stored); a failed save throws and remembers nothing, so the retry passes. */
    remember(verdict: AuthResult): void {
      if (!verdict.ok || verdict.method !== 'signature') return;
      const { key, expires } = verdict.signature;
      seen.set(key, expires);
      // Saved before the request is answered: a restart must not forget it. A failed save forgets it here too.
      try {
        options.store?.save([...seen]);
      } catch (error) {
        seen.delete(key);
        throw error;
      }
    },
  };
}
