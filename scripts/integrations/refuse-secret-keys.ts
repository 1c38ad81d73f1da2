/**
 * Stops `astro build` and `astro dev` before anything is read when a `PUBLIC_` variable holds a secret key
 * (scripts/lib/secrets.ts), reading the variables as Astro does: Vite's `loadEnv` with the process environment on top.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { exitOnPublicSecrets } from '../lib/secrets.ts';

/** The Vite mode of this run: `--mode X` when given, else Astro's default for the command. */
export function modeFor(command: string, argv: readonly string[] = process.argv): string {
  const index = argv.indexOf('--mode');
  const value = index === -1 ? undefined : argv[index + 1];
  if (value) return value;
  const inline = argv.find((arg) => arg.startsWith('--mode='));
  if (inline) return inline.slice('--mode='.length);
  return command === 'dev' ? 'development' : 'production';
}

export function refuseSecretKeys(): AstroIntegration {
  return {
    name: 'thela:refuse-secret-keys',
    hooks: {
      'astro:config:setup': ({ command, config }) => {
        if (command !== 'build' && command !== 'dev') return;
        const envDir = config.vite.envDir ?? fileURLToPath(config.root);
        // Exits rather than throws: one line, no stack trace, and nothing built or served.
        exitOnPublicSecrets(loadEnv(modeFor(command), envDir, 'PUBLIC_'));
      },
    },
  };
}
