// ESLint (flat config): typescript-eslint's type-checked rules for the TypeScript of both packages and
// the extension (one program: tsconfig.eslint.json), ESLint's recommended rules for the build, bench
// and e2e scripts. `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'server/dist/',
      'editors/vscode/dist/',
      'node_modules/',
      'bench/.out/',
      'bench/.incumbent/',
      'fixtures/',
      'src/schema/validate.generated.*',
      '.readme-example-*.mjs',
      // Stryker's sandboxes (copies of the repository, instrumented) and reports: `npm run mutate`.
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  // Output safety matches control characters on purpose (they are escaped before a terminal sees them).
  { rules: { 'no-control-regex': 'off' } },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // One program for every TypeScript file linted (tsconfig.eslint.json): the library, the server, the extension.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_name` marks an argument a signature needs and the body does not.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Functions that each say one thing (shared/style.md): every function of the library is
    // under this many lines of code (blank lines and comments not counted); split by job past it.
    files: ['src/**/*.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Tests read what the CLI and the server print as parsed JSON (`any`) and check its shape with
    // expect(), which fails at run time on a wrong shape; typing every response again adds nothing.
    files: ['test/**/*.ts', 'server/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        TextDecoder: 'readonly',
        TextEncoder: 'readonly',
        AbortController: 'readonly',
      },
    },
    rules: { 'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }] },
  },
  {
    // The browser script the server serves as it is: TypeScript checks its names against the DOM's
    // (server/tsconfig.web.json, in `npm run typecheck`), which a list of globals here would only repeat.
    files: ['server/src/http/web/**/*.js'],
    rules: { 'no-undef': 'off' },
  },
);
