/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Through Astro's Vite config so tests resolve astro:env, astro:content and the same plugins as the build.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/ops/**/*.test.ts'],
    globalSetup: ['tests/support/other-file-system.setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
