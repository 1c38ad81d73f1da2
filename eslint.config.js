// @ts-check
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Type-aware (typescript-eslint strictTypeChecked) for .ts and .tsx, through the project service and tsconfig.json:
// run `astro sync` first (`npm run lint` does) so astro:content and astro:env have types.
// jsx-a11y: eslint-plugin-jsx-a11y 6.10 does not support ESLint 10 (peer ^9); its fork eslint-plugin-jsx-a11y-x has the
// same rules, and eslint-plugin-astro uses whichever of the two is installed for its astro/jsx-a11y/* rules.
export default defineConfig(
  globalIgnores([
    'dist/',
    'dist-scale/',
    'dist-operator/',
    'releases/',
    'current/',
    '.astro/',
    'bench/results/',
    'bench/tmp/',
    'public/',
    'src/data/sample-catalogue.json',
    'supabase/seed.sql',
    'tests/fixtures/budget-site/site/',
    'test-results/',
    'playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Ports, counts, byte sizes and durations are interpolated into messages everywhere; the other types stay flagged.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `(res) => res.end()` and `onClick={() => setOpen(false)}` are idiomatic; a void value used elsewhere stays flagged.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Async functions here implement Promise-returning interfaces (Workbox plugin hooks, catalogue sources, test doubles
      // of async APIs) and must reject rather than throw; missing awaits are caught by no-floating-promises instead.
      '@typescript-eslint/require-await': 'off',
      // `const { weight: _weight, ...row } = x` is how a property is left out of a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  // Code that runs in the page or in the service worker.
  {
    files: ['src/islands/**', 'src/stores/**', 'src/lib/**', 'src/components/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['src/sw/**'], languageOptions: { globals: { ...globals.serviceworker } } },
  // Tests read JSON answers, logs and fixtures whose shape is the thing under test: a wrong shape fails the assertion
  // that reads it, so the type-safety rules that would need a cast or a guard on every such read stay off here.
  {
    files: ['tests/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
    },
  },
  { files: ['**/*.tsx'], ...jsxA11y.configs.strict },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  astro.configs.recommended,
  astro.configs['jsx-a11y-strict'],
  // No type information for .astro frontmatter and <script> blocks (the project service cannot open .astro files),
  // nor for the two JavaScript config files.
  { files: ['**/*.astro', '**/*.astro/*.ts', '**/*.astro/*.js', '**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
