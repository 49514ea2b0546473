import { MSG } from '../../../common/messages.js';
import type { PlanPermissions } from '../../../common/plans.js';
import type { Db, Tx } from '../../db/client.js';
import { authorize } from '../../http/authorize.js';
import { fieldError, notFound } from '../../http/errors.js';
import {
  countActiveProjects,
  findProject,
  insertProject,
  linkProjectAlert,
  linkProjectAlertIfUnset,
  linkProjectTwitchFeed,
  linkProjectYoutubeFeed,
  lockActiveProject,
  lockProject,
  projectInOrg,
  unlinkProjectAlert,
  updateProjectRow,
  type ProjectWithBrand,
} from './repo.js';
import { findClient } from '../clients/service.js';
import { lockOrganizationPermissions } from '../organizations/service.js';

// Lookups and the alert link as other features use them: `projectInOrg` (archived projects
// too) before writing tenant data under a project; alerts lock an active project, then set or
// clear `projects.alert_id` (the project's first alert, where its feed opens) in their own
// transaction; the videos and streams features set `youtube_search_id` / `twitch_search_id` the
// same way.
export { linkProjectAlert, linkProjectAlertIfUnset, linkProjectTwitchFeed, linkProjectYoutubeFeed, lockActiveProject, projectInOrg, unlinkProjectAlert };
/** The organization's active projects, as `projects.create` counts them (the user document's abilities read it too). */
export { countActiveProjects };

const BRAND_POINTER = '/data/relationships/client';

async function requireActiveBrand(tx: Tx, orgId: number, clientId: number) {
  const brand = await findClient(tx, orgId, clientId);
  if (!brand || brand.locked) throw fieldError(BRAND_POINTER, MSG.validation.projectNeedsBrand);
}

/**
 * `projects.create` with the active projects counted here. The caller must hold the lock on the
 * organization row (lockOrganizationPermissions) in the transaction that activates the
 * project, so that the count and the write are atomic.
 */
async function authorizeActiveProject(tx: Tx, orgId: number, permissions: PlanPermissions | undefined) {
  authorize({ org: { permissions } }, 'projects.create', { activeProjects: await countActiveProjects(tx, orgId) });
}

/**
 * Creates an active project under an active brand of the organization (inside the caller's
 * transaction when given one: the free sign-up creates its first project with the account).
 * Answers 422 at /data/relationships/client when the brand is missing, archived or another
 * organization's, and 403 `plan_limit` when the plan has no projects or its active-project
 * limit is reached.
 */
export async function createProject(db: Db | Tx, orgId: number, input: { name: string; avatar?: string | null; clientId: number }): Promise<ProjectWithBrand> {
  return db.transaction(async (tx) => {
    await requireActiveBrand(tx, orgId, input.clientId);
    await authorizeActiveProject(tx, orgId, await lockOrganizationPermissions(tx, orgId));
    const row = await insertProject(tx, orgId, input);
    return (await findProject(tx, orgId, row.id))!;
  });
}

export interface ProjectChanges {
  name?: string;
  avatar?: string | null;
  locked?: boolean;
  alertId?: number | null;
  /** The Steam app ids the project follows (replaces the list). */
  steamAppIds?: number[];
  /** The project's competitors (named Super Search queries; replaces the list). */
  competitors?: { name: string; query: string }[];
  clientId?: number;
}

/**
 * Edits a project of the organization (undefined when it has none with this id). Moving it to
 * another brand needs an active brand; re-activating an archived project counts against the
 * plan's active-project limit exactly like creating one. Archiving is always allowed, even for
 * a project that is someone's default.
 */
export async function updateProject(db: Db, orgId: number, id: number, changes: ProjectChanges): Promise<ProjectWithBrand | undefined> {
  return db.transaction(async (tx) => {
    // Lock order is organization, then project, so concurrent re-activations queue on the
    // organization row instead of deadlocking.
    const permissions = changes.locked === false ? await lockOrganizationPermissions(tx, orgId) : undefined;
    const current = await lockProject(tx, orgId, id);
    if (!current) return undefined;
    // An unchanged brand passes even if archived since: the form sends it back as it is.
    if (changes.clientId !== undefined && changes.clientId !== current.clientId) {
      await requireActiveBrand(tx, orgId, changes.clientId);
    }
    if (changes.locked === false && current.locked) await authorizeActiveProject(tx, orgId, permissions);
    await updateProjectRow(tx, orgId, id, changes);
    return findProject(tx, orgId, id);
  });
}

/** Throws 404 for another organization's project id. */
export async function getProject(db: Db, orgId: number, id: number): Promise<ProjectWithBrand> {
  const project = await findProject(db, orgId, id);
  if (!project) throw notFound('project');
  return project;
}
