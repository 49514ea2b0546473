import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The server import rule of eslint.config.js (GUIDE §3 "Dependencies point one way"): a file of
// server/features/X reaches another feature only through its service.ts, and server/db,
// server/http and server/net import no feature. Each case lints a line as if it were in the named
// file, with the project's real configuration.
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'no-restricted-imports';

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('server feature boundaries (lint)', () => {
  it("refuses an import of another feature's repo, routes or helper, in code and in tests", async () => {
    expect(await problems('server/features/reports/example.ts', "import { x } from '../screenshots/repo.js';")).toHaveLength(1);
    expect(await problems('server/features/reports/example.ts', "import type { x } from '../articles/routes.js';")).toHaveLength(1);
    expect(await problems('server/features/articles/example.ts', "export { x } from '../reports/criteria.js';")).toHaveLength(1);
    expect(await problems('server/features/alerts/example.test.ts', "import { x } from '../crawler/ingest.js';")).toHaveLength(1);
    const [message] = await problems('server/features/websites/example.ts', "import { x } from '../crawler/queue.js';");
    expect(message).toContain('service.ts');
  });

  it("allows another feature's service.ts, the feature's own files and shared code", async () => {
    expect(await problems('server/features/reports/example.ts', "import { x } from '../screenshots/service.js';")).toEqual([]);
    expect(await problems('server/features/reports/example.ts', "import { x } from './criteria.js';")).toEqual([]);
    expect(await problems('server/features/reports/example.ts', "import { x } from '../../db/media-sql.js';")).toEqual([]);
    expect(await problems('server/features/reports/example.ts', "import { x } from '../../http/send-jpeg.js';")).toEqual([]);
    expect(await problems('server/features/reports/example.ts', "import { x } from '../../../common/dates.js';")).toEqual([]);
    expect(await problems('server/features/alerts/example.test.ts', "import { x } from '../../../test/helpers/test-site.js';")).toEqual([]);
  });

  it('keeps server/db, server/http and server/net free of features', async () => {
    expect(await problems('server/db/example.ts', "import { x } from '../features/auth/service.js';")).toHaveLength(1);
    expect(await problems('server/http/example.ts', "import { x } from '../features/articles/repo.js';")).toHaveLength(1);
    expect(await problems('server/net/example.ts', "import { x } from '../features/crawler/service.js';")).toHaveLength(1);
    expect(await problems('server/net/example.ts', "import { x } from './language.js';")).toEqual([]);
  });

  it('lets the demo seed call services only', async () => {
    expect(await problems('server/seed/seed.ts', "import { x } from '../features/reference/mediatypes.js';")).toHaveLength(1);
    expect(await problems('server/seed/seed.ts', "import { x } from '../features/reference/service.js';")).toEqual([]);
  });

  it('lets the composition root (routes.ts, app.ts, jobs/) mount every feature', async () => {
    expect(await problems('server/routes.ts', "import { x } from './features/reports/public-routes.js';")).toEqual([]);
  });
});
