import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'tests/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Cheaper argon2id parameters in tests (production uses OWASP's setting; hashes record their parameters).
    env: { MERX_ARGON2_FAST: '1' },
  },
});
