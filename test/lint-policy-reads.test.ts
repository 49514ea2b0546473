import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The policy rule of eslint.config.js (issue 29): a plan's `permissions` and an organization's
// `capabilities` are read only by the policy, the authorizer, the session hooks (server and web)
// and what stores them. Each case lints a line as if it were in the named file, with the project's real configuration.
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = 'no-restricted-syntax';

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`declare const auth: any, org: any, organizations: any;\n${code}\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === RULE).map((m) => m.message);
}

describe('reads of permissions and capabilities (lint)', () => {
  it('refuses member access, computed access and destructuring, on the server and in common/', async () => {
    expect(await problems('server/features/videos/example.ts', 'export const a = org.permissions.youtube_feed;')).toHaveLength(1);
    expect(await problems('server/features/videos/example.ts', 'export const a = auth.org?.capabilities?.platform_operator;')).toHaveLength(1);
    expect(await problems('server/http/example.ts', "export const a = org['permissions'];")).toHaveLength(1);
    expect(await problems('server/jobs/example.ts', 'export const { capabilities } = org;')).toHaveLength(1);
    expect(await problems('common/example.ts', 'export const f = ({ permissions }: { permissions: unknown }) => permissions;')).toHaveLength(1);
    const [message] = await problems('server/features/reports/example.ts', 'export const a = org.permissions;');
    expect(message).toContain('common/policy.ts');
  });

  it('refuses them on the web too, in components and hooks, where the screens ask the server’s abilities', async () => {
    expect(await problems('web/features/settings/components/example.tsx', 'export const a = org.permissions?.slack === true;')).toHaveLength(1);
    expect(await problems('web/app/example.ts', 'export const a = auth.organization?.capabilities?.platform_operator;')).toHaveLength(1);
    expect(await problems('web/lib/example.ts', 'export const { permissions } = org;')).toHaveLength(1);
    const [message] = await problems('web/features/reports/routes/example.tsx', "export const a = org['capabilities'];");
    expect(message).toContain('web/lib/can.tsx');
    expect(
      await problems('web/features/videos/example.tsx', "import { useCan } from '../../lib/can';\nexport const useA = () => useCan('youtube.use');"),
    ).toEqual([]);
  });

  it('allows the policy, the authorizer, the session hook, the seed, the table’s repository and tests', async () => {
    for (const file of [
      'common/policy.ts',
      'server/http/authorize.ts',
      'server/http/auth.ts',
      'server/seed/seed.ts',
      'server/features/organizations/repo.ts',
      'server/features/videos/example.test.ts',
      'server/features/reports/test-fixtures.ts',
      'web/lib/session.ts',
      'web/features/videos/example.test.tsx',
      'web/features/streams/streams-fixtures.tsx',
    ]) {
      expect(await problems(file, 'export const a = org.permissions.youtube_feed;'), file).toEqual([]);
    }
  });

  it('allows a column reference of the organizations table and asking the policy', async () => {
    expect(await problems('server/features/organizations/service.ts', 'export const c = organizations.capabilities;')).toEqual([]);
    expect(
      await problems('server/features/videos/example.ts', "import { allows } from '../../../common/policy.js';\nexport const a = allows(auth, 'youtube.use');"),
    ).toEqual([]);
  });
});
