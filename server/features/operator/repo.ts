import { count, ilike, sql, type SQL } from 'drizzle-orm';
import { ROLE } from '../../../common/limits.js';
import type { Db, Tx } from '../../db/client.js';
import { orderTerms, pageWindow, splitTotal, containsPattern, totalOver } from '../../db/paging.js';
import { memberships, organizations } from '../../db/schema/accounts.js';
import { alerts } from '../../db/schema/coverage.js';
import { reports } from '../../db/schema/reports.js';
import { projects } from '../../db/schema/workspace.js';
import type { ListParams } from '../../http/jsonapi.js';

/*
 * The operator console reads across every organization: that is its purpose, and the route gate
 * (platform operator's admins only) is what scopes it. Read-only: plans and trials change only
 * through the organizations owner's functions (service.ts).
 */

export const OPERATOR_ORGANIZATION_SORTS = ['name', 'inserted_at', 'trial_ends_at', 'plan'] as const;
export const OPERATOR_ORGANIZATION_FILTERS = ['search'] as const;

/** Plans sort by what they give, not alphabetically. */
const planRank = sql`array_position(array['trial','starter','pro','agency','admin']::text[], ${organizations.plan})`;

const SORT_COLUMNS: Record<(typeof OPERATOR_ORGANIZATION_SORTS)[number], SQL> = {
  name: sql`lower(${organizations.name})`,
  inserted_at: sql`${organizations.insertedAt}`,
  trial_ends_at: sql`${organizations.trialEndsAt}`,
  plan: planRank,
};

function searchWhere(params: ListParams): SQL | undefined {
  return params.search ? ilike(organizations.name, containsPattern(params.search)) : undefined;
}

/** A page of organizations (search by name), with the list's total. */
export async function listOrganizationsPage(db: Db, params: ListParams) {
  const where = searchWhere(params);
  const rows = await db
    .select({ org: organizations, total: totalOver })
    .from(organizations)
    .where(where)
    .orderBy(...orderTerms(params, SORT_COLUMNS, organizations.id))
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(organizations).where(where))[0].n);
}

export interface OrganizationUsage {
  projects: number;
  reports: number;
  alerts: number;
  members: number;
}

/**
 * What each of `orgIds` uses, in one query: a count per table and organization, each an index
 * lookup (the tables' organization indexes), so a page costs the same whatever its size. Active
 * projects are the unlocked ones, as the plan limit counts them; members are admins and users
 * (not removed members).
 */
export async function usageOfOrganizations(db: Tx, orgIds: number[]): Promise<Map<number, OrganizationUsage>> {
  if (!orgIds.length) return new Map();
  const { rows } = await db.execute<{ id: number; projects: string; reports: string; alerts: string; members: string }>(sql`
    select o.id,
           (select count(*) from ${projects} p where p.organization_id = o.id and not p.locked) as projects,
           (select count(*) from ${reports} r where r.organization_id = o.id) as reports,
           (select count(*) from ${alerts} a where a.organization_id = o.id) as alerts,
           (select count(*) from ${memberships} m where m.organization_id = o.id and m.role_id in (${ROLE.admin}, ${ROLE.user})) as members
      from ${organizations} o
     where o.id = any(${sql.param(orgIds)}::int[])`);
  return new Map(
    rows.map((r) => [Number(r.id), { projects: Number(r.projects), reports: Number(r.reports), alerts: Number(r.alerts), members: Number(r.members) }]),
  );
}
