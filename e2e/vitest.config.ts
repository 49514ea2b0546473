import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys in the order of their file names, on every machine: vitest's default puts the files
 * that failed or ran longest last time first, so a fresh clone (CI) and a developer's checkout ran
 * them in different orders, and a failure seen in one could not be replayed in the other.
 */
class ByName extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => a.moduleId.localeCompare(b.moduleId));
  }
}

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
    sequence: { sequencer: ByName },
  },
});
