import { defineConfig } from 'vitest/config';

// Browser journeys: each file starts the real server (built web app, throwaway embedded
// database) and drives Debian's chromium through playwright-core. Files run one at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120000,
    hookTimeout: 180000,
    fileParallelism: false,
  },
});
