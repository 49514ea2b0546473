import { and, count, eq, getTableColumns, ilike, sql, type Placeholder } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { tags } from '../../db/schema/workspace.js';
import { containsPattern, idFilter, orderTerms, pageWindow, parseBooleanFilter, preparedList, sortKey, splitTotal, totalOver } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';

export type TagRow = typeof tags.$inferSelect;

export const TAG_SORTS = ['name', 'inserted_at', 'updated_at'] as const;
export const TAG_FILTERS = ['project_id', 'locked', 'search'] as const;

const ph = sql.placeholder;

/** The list's WHERE, from values (the count) or placeholders (the prepared page query). */
function listConditions(orgId: number | Placeholder, f: { projectId?: number | Placeholder; locked?: boolean | Placeholder; pattern?: string | Placeholder }) {
  return and(
    eq(tags.organizationId, orgId),
    f.projectId !== undefined ? eq(tags.projectId, f.projectId) : undefined,
    f.locked !== undefined ? eq(tags.locked, f.locked) : undefined,
    f.pattern !== undefined ? ilike(tags.name, f.pattern) : undefined,
  );
}

export async function listTags(db: Tx, orgId: number, params: ListParams) {
  const projectId = idFilter(params, 'project_id');
  const locked = parseBooleanFilter(params.filter.locked);
  const pattern = params.search ? containsPattern(params.search) : undefined;
  const shape = `${projectId !== undefined}|${locked !== undefined}|${pattern !== undefined}|${sortKey(params)}`;
  const query = preparedList(db, 'tags_list', shape, (name) =>
    db
      .select({ ...getTableColumns(tags), total: totalOver })
      .from(tags)
      .where(
        listConditions(ph('orgId'), {
          projectId: projectId !== undefined ? ph('projectId') : undefined,
          locked: locked !== undefined ? ph('locked') : undefined,
          pattern: pattern !== undefined ? ph('pattern') : undefined,
        }),
      )
      .orderBy(...orderTerms(params, { name: sql`lower(${tags.name})`, inserted_at: tags.insertedAt, updated_at: tags.updatedAt }, tags.id))
      .limit(ph('limit'))
      .offset(ph('offset'))
      .prepare(name),
  );
  const { limit, offset } = pageWindow(params);
  const rows = await query.execute({ orgId, projectId, locked, pattern, limit, offset });
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(tags).where(listConditions(orgId, { projectId, locked, pattern })))[0].n);
}

export async function findTag(db: Tx, orgId: number, id: number): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.organizationId, orgId), eq(tags.id, id)));
  return row;
}

/** A highlighted tag always has a date (now unless given); a plain tag never has one. */
export async function insertTag(
  db: Tx,
  orgId: number,
  projectId: number,
  values: { name: string; hasHighlight?: boolean; highlightDate?: Date | null },
): Promise<TagRow> {
  const hasHighlight = values.hasHighlight ?? false;
  const [row] = await db
    .insert(tags)
    .values({
      organizationId: orgId,
      projectId,
      name: values.name,
      hasHighlight,
      highlightDate: hasHighlight ? (values.highlightDate ?? new Date()) : null,
    })
    .returning();
  return row;
}

/**
 * Edits a tag in one statement, keeping the highlight rule of insertTag against the row's
 * current state: turning the highlight off clears the date; turning it on without a date keeps
 * the existing date or takes now; a date alone only applies to a highlighted tag.
 */
export async function updateTag(
  db: Tx,
  orgId: number,
  id: number,
  values: { name?: string; locked?: boolean; hasHighlight?: boolean; highlightDate?: Date | null },
): Promise<TagRow | undefined> {
  const date = values.highlightDate ? sql`${values.highlightDate.toISOString()}::timestamptz` : null;
  const set: PgUpdateSetSource<typeof tags> = { name: values.name, locked: values.locked, updatedAt: new Date() };
  if (values.hasHighlight === false) {
    set.hasHighlight = false;
    set.highlightDate = null;
  } else if (values.hasHighlight === true) {
    set.hasHighlight = true;
    set.highlightDate = date ?? sql`coalesce(${tags.highlightDate}, now())`;
  } else if (date) {
    set.highlightDate = sql`case when ${tags.hasHighlight} then ${date} else null end`;
  }
  const [row] = await db
    .update(tags)
    .set(set)
    .where(and(eq(tags.organizationId, orgId), eq(tags.id, id)))
    .returning();
  return row;
}
