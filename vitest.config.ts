import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'common/**/*.test.ts', 'test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/**/*.test.tsx', 'web/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['test/web-setup.ts'],
          // The component tests share two cores with the server suite in `npm test`: a screen that
          // renders in 200 ms alone can take over a second then (the waits are set in web-setup).
          testTimeout: 20000,
        },
      },
    ],
  },
});
