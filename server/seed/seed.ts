import { count, sql } from 'drizzle-orm';
import { TIER } from '../../common/limits.js';
import { CAPABILITIES_BY_LEGACY_ID } from '../../common/plans.js';
import type { Config } from '../config.js';
import { generateSecret } from '../config.js';
import type { Db } from '../db/client.js';
import { organizations } from '../db/schema/accounts.js';
import { hashPassword, insertUser, updateUserRow } from '../features/auth/service.js';
import { createClient } from '../features/clients/service.js';
import { applyLegacyCapabilities, createOrganization } from '../features/organizations/service.js';
import { createProject } from '../features/projects/service.js';
import { ensureMediatypes } from '../features/reference/service.js';
import { syncDirectory } from '../features/sources/service.js';
import { createTag } from '../features/tags/service.js';

export interface BootstrapResult {
  createdAdmin: boolean;
  adminEmail: string;
  /** Only set when the password was generated now; it is printed once and never stored in clear. */
  generatedPassword?: string;
  seededDemo: boolean;
}

/**
 * On an empty database: organization 1 (the platform operator) with its admin, then the demo
 * workspace. On later starts it changes nothing but the legacy capability flags. Every start then
 * brings the outlet directory up to date.
 */
export async function bootstrap(db: Db, config: Config): Promise<BootstrapResult> {
  const result = await seedOnce(db, config);
  // The shipped outlet directory (sources): added on the first start, updated by later releases,
  // disabled until the operator switches its packs on. After the demo, whose outlets it adopts.
  await syncDirectory(db);
  return result;
}

async function seedOnce(db: Db, config: Config): Promise<BootstrapResult> {
  return db.transaction(async (tx) => {
    // One bootstrap at a time, even with several processes starting together.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    // Reference data every installation needs, added when missing (also on existing databases).
    await ensureMediatypes(tx);
    const [{ n }] = await tx.select({ n: count() }).from(organizations);
    if (n > 0) {
      await applyLegacyCapabilities(tx);
      return { createdAdmin: false, adminEmail: config.adminEmail, seededDemo: false };
    }
    const password = config.adminPassword ?? generateSecret(12);
    const admin = await insertUser(tx, {
      name: 'Coverwatch Admin',
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      tierId: TIER.admin,
      emailVerifiedAt: new Date(),
    });
    const operator = await createOrganization(tx, {
      name: 'Coverwatch',
      plan: 'admin',
      ownerId: admin.id,
      capabilities: CAPABILITIES_BY_LEGACY_ID[1],
    });
    if (operator.id !== 1) throw new Error(`the platform operator must be organization 1, got ${operator.id}`);
    let seededDemo = false;
    if (config.seedDemo) {
      await seedDemoWorkspace(tx, admin.id, operator.id);
      seededDemo = true;
    }
    return {
      createdAdmin: true,
      adminEmail: config.adminEmail,
      generatedPassword: config.adminPassword ? undefined : password,
      seededDemo,
    };
  });
}

/**
 * Demo data in the operator's organization, so a first login shows a populated app. Each row is
 * written by its owner's service, in the bootstrap transaction.
 */
async function seedDemoWorkspace(tx: Parameters<Parameters<Db['transaction']>[0]>[0], adminId: number, orgId: number) {
  const brand = await createClient(tx, orgId, { name: 'Nebula Games' });
  const other = await createClient(tx, orgId, { name: 'Lumen Audio' });
  const launch = await createProject(tx, orgId, { clientId: brand.id, name: 'Starfall Launch' });
  const esports = await createProject(tx, orgId, { clientId: brand.id, name: 'Nebula Esports' });
  const headphones = await createProject(tx, orgId, { clientId: other.id, name: 'Lumen Headphones' });
  const highlightDate = new Date();
  for (const [projectId, name, hasHighlight] of [
    [launch.id, 'Reviews', false],
    [launch.id, 'Previews', true],
    [launch.id, 'Interviews', false],
    [esports.id, 'Tournament coverage', false],
    [esports.id, 'Roster news', false],
  ] as const) {
    await createTag(tx, orgId, projectId, { name, hasHighlight, highlightDate });
  }
  await updateUserRow(tx, adminId, { defaultProjectId: launch.id });
  // Loaded only for a first start with demo data: they pull in the coverage engine, which the
  // supervisor (it runs the bootstrap, then only watches its children) has no other use for.
  const [{ seedDemoCoverage }, { seedDemoVideos }, { seedDemoStreams }, { seedDemoSteam }] = await Promise.all([
    import('./seed-coverage.js'),
    import('./seed-videos.js'),
    import('./seed-streams.js'),
    import('./seed-steam.js'),
  ]);
  await seedDemoCoverage(tx, { orgId, launchId: launch.id, esportsId: esports.id, headphonesId: headphones.id });
  await seedDemoVideos(tx, { orgId, launchId: launch.id, esportsId: esports.id });
  await seedDemoStreams(tx, { orgId, launchId: launch.id, esportsId: esports.id });
  await seedDemoSteam(tx, { orgId, launchId: launch.id });
}
