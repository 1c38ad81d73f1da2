/**
 * A database made to look like Supabase's before our migrations run: its roles (anon, authenticated, service_role,
 * and authenticator, the login PostgREST uses), its default privileges (everything on new objects in public to the
 * API roles, so the migrations' revokes are what protects), and the piece of Supabase Auth our functions use: the
 * table auth.users and auth.uid(), which reads the `sub` claim of the request's JWT as PostgREST sets it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = join(ROOT, 'supabase/migrations');
export const SEED_FILE = join(ROOT, 'supabase/seed.sql');

/** Roles exist cluster-wide: run once per cluster. */
export const SUPABASE_ROLES = `
  create role anon nologin noinherit;
  create role authenticated nologin noinherit;
  create role service_role nologin noinherit bypassrls;
  create role authenticator login noinherit;
  grant anon, authenticated, service_role to authenticator;
`;

/** What Supabase sets up in each database before any migration. */
export const SUPABASE_DATABASE_SETUP = `
  grant usage on schema public to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

  create schema auth;
  grant usage on schema auth to anon, authenticated, service_role;
  create table auth.users (id uuid primary key, email text unique, created_at timestamptz not null default now());
  -- As Supabase defines it: the subject of the request's JWT, which PostgREST puts in request.jwt.claims.
  create function auth.uid() returns uuid language sql stable as $$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $$;
  grant execute on function auth.uid() to anon, authenticated, service_role;
`;

/** supabase/migrations/*.sql in the order the Supabase CLI applies them. */
export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name));
}

/** Runs a whole SQL script in one transaction (as the Supabase CLI applies a migration). */
export async function inTransaction(client: pg.Client, sql: string): Promise<void> {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Runs a script that manages its own transaction (the seed); rolls back whatever it left open on failure. */
export async function runScript(client: pg.Client, sql: string): Promise<void> {
  try {
    await client.query(sql);
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Supabase's per-database setup, then every migration, each in its own transaction. */
export async function prepareDatabase(client: pg.Client): Promise<void> {
  await client.query(SUPABASE_DATABASE_SETUP);
  for (const file of migrationFiles()) {
    try {
      await inTransaction(client, readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
  }
}
