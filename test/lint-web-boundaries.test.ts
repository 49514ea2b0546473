import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web import rule of eslint.config.js (GUIDE §3 "Dependencies point one way"): a web feature
// reaches another feature only through its api/ folder. Each case lints a line as if it were in the
// named file, with the project's real configuration.
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'web-boundaries/feature-imports';

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('web feature boundaries (lint)', () => {
  it("refuses an import of another feature's component, route or lib", async () => {
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../../alerts/components/alert-form-modal';")).toHaveLength(1);
    expect(await problems('web/features/reports/routes/example.tsx', "import { x } from '../../supersearch/lib/search-form';")).toHaveLength(1);
    expect(await problems('web/features/tags/example.ts', "export { x } from '../websites/routes/websites-page';")).toHaveLength(1);
    const [message] = await problems('web/components/example.tsx', "import { x } from '../features/tags/components/tag-form-modal';");
    expect(message).toContain('web/features/tags/api/');
  });

  it("allows another feature's api/, the feature's own files and shared code", async () => {
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../../alerts/api/alerts';")).toEqual([]);
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../lib/feed-filters';")).toEqual([]);
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../../../components/page-header';")).toEqual([]);
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../../../lib/feed-gates';")).toEqual([]);
    expect(await problems('web/features/articles/components/example.tsx', "import { x } from '../../../../common/messages';")).toEqual([]);
    expect(await problems('web/components/example.tsx', "import { x } from '../features/tags/api/tags';")).toEqual([]);
  });

  it('lets web/app compose features (router, pages mixing two features)', async () => {
    expect(await problems('web/app/routes/example.tsx', "import { x } from '../../features/alerts/components/alert-setup-view';")).toEqual([]);
  });
});
