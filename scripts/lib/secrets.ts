/**
 * Keeps secret keys out of the browser: `publicEnvProblems` on the `PUBLIC_*` variables before a build, `scanText` on all it
 * wrote. Messages name the variable or file and the kind, never the secret. What counts: docs/architecture.md, "Secrets".
 */
import { createHash } from 'node:crypto';

/** A JWT-shaped token inside any text: base64url header and payload that both open with `{"` (`eyJ`). */
const JWT_IN_TEXT = /eyJ[A-Za-z0-9_-]{2,}\.eyJ[A-Za-z0-9_-]{2,}\.[A-Za-z0-9_-]*/g;
/** A whole value shaped like a JWT (what a key variable holds). */
const JWT_VALUE = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;
/**
 * Supabase's secret API keys (the new format: the prefix and about 30 more characters); the publishable ones are
 * `sb_publishable_`. The bare prefix is not one: supabase-js itself checks keys for it (`e.startsWith("sb_secret_")`).
 */
const SB_SECRET = /sb_secret_[A-Za-z0-9_-]{20,}/;
/** Names of variables whose value is a secret. */
const SECRET_NAME = /SECRET|SERVICE_ROLE|PRIVATE|TOKEN|PASSWORD/i;
/** Shorter values are too likely to occur by chance in the output (and are poor secrets anyway). */
export const MIN_SECRET_LENGTH = 16;

/** The payload of a JWT-shaped token, or null when it is not valid base64url JSON of an object. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const payload: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return payload && typeof payload === 'object' && !Array.isArray(payload) ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The role for a message: printable and short, since it comes from the token. */
function roleLabel(payload: Record<string, unknown>): string {
  const role = payload['role'];
  if (typeof role !== 'string') return 'no role';
  return /^[\w.-]{1,40}$/.test(role) ? `role "${role}"` : 'an unreadable role';
}

/** Why one `PUBLIC_` value must not reach the browser, or null when it may. */
export function publicValueProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.includes('sb_secret_')) return 'it holds a Supabase secret key (sb_secret_...)';
  if (JWT_VALUE.test(trimmed)) {
    const payload = jwtPayload(trimmed);
    if (!payload) return 'it looks like a JWT but its payload cannot be decoded, so it cannot be shown to be the anon key';
    if (payload['role'] !== 'anon') return `it holds a JWT with ${roleLabel(payload)}, not "anon"`;
    return null;
  }
  // A token embedded in a longer value (a URL with ?apikey=..., a key with a prefix).
  for (const match of trimmed.matchAll(JWT_IN_TEXT)) {
    const payload = jwtPayload(match[0]);
    if (payload && payload['role'] !== 'anon') return `it contains a JWT with ${roleLabel(payload)}, not "anon"`;
  }
  return null;
}

/** One line per `PUBLIC_` variable holding a secret; empty when all may ship. Sorted by name. */
export function publicEnvProblems(env: Record<string, string | undefined>): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith('PUBLIC_'))
    .sort()
    .flatMap((name) => {
      const problem = publicValueProblem(env[name] ?? '');
      return problem
        ? [`Secret key refused, build stopped: ${name}: ${problem}; only the anon or publishable key may reach the browser.`]
        : [];
    });
}

/** Stops the process with `publicEnvProblems`'s lines when there are any: exit 1, no stack trace, nothing read or built. */
export function exitOnPublicSecrets(env: Record<string, string | undefined>): void {
  const problems = publicEnvProblems(env);
  if (problems.length === 0) return;
  for (const line of problems) console.error(line);
  process.exit(1);
}

/** The secret values to look for in the output: set, non-public variables with a secret-sounding name. */
export function secretValues(env: Record<string, string | undefined>): { name: string; value: string }[] {
  return Object.entries(env)
    .flatMap(([name, value]) =>
      !name.startsWith('PUBLIC_') && SECRET_NAME.test(name) && value && value.length >= MIN_SECRET_LENGTH ? [{ name, value }] : [],
    )
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A JWT-shaped token or a Supabase secret key, found in one pass over a file. */
const SECRET_IN_TEXT = new RegExp(`${JWT_IN_TEXT.source}|${SB_SECRET.source}`, 'g');

/** The kinds of secret found in one text (each kind once), e.g. `a JWT with role "service_role"`. */
export function scanText(text: string, secrets: { name: string; value: string }[] = []): string[] {
  const kinds = new Set<string>();
  for (const [match] of text.matchAll(SECRET_IN_TEXT)) {
    // A key written right after a token is inside its match.
    if (SB_SECRET.test(match)) kinds.add('a Supabase secret key (sb_secret_...)');
    if (!match.startsWith('eyJ')) continue;
    const payload = jwtPayload(match);
    // A JWT-shaped string whose payload is not JSON is not a token (minified code can contain such runs).
    if (payload && payload['role'] !== 'anon') kinds.add(`a JWT with ${roleLabel(payload)}`);
  }
  for (const { name, value } of secrets) if (text.includes(value)) kinds.add(`the value of ${name}`);
  return [...kinds];
}

/** The scope of stored scan results: the rules' version and a digest (never the values) of the secrets looked for. */
export function secretScanScope(env: Record<string, string | undefined>): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(secretValues(env)))
    .digest('hex');
  // Version 2: every file is read, whatever its name (version 1 read some extensions only).
  return `secret-scan-2:${digest}`;
}
