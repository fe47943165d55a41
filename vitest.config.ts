import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'sources/**/*.test.ts',
      'tools/**/*.test.ts',
      'testkit/**/*.test.ts',
      'test/**/*.test.ts',
    ],
    globalSetup: ['test/helpers/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
