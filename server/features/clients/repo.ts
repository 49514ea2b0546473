import { and, count, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { clients } from '../../db/schema/workspace.js';
import { containsPattern, orderTerms, pageWindow, parseBooleanFilter, splitTotal, totalOver } from '../../db/paging.js';
import type { ListParams } from '../../http/jsonapi.js';

export type ClientRow = typeof clients.$inferSelect;

export const CLIENT_SORTS = ['name', 'inserted_at', 'updated_at', 'locked'] as const;
export const CLIENT_FILTERS = ['locked', 'search', 'name'] as const;

function listWhere(orgId: number, params: ListParams): SQL {
  const parts: (SQL | undefined)[] = [eq(clients.organizationId, orgId)];
  const locked = parseBooleanFilter(params.filter.locked);
  if (locked !== undefined) parts.push(eq(clients.locked, locked));
  const term = params.search ?? params.filter.name;
  if (term) parts.push(ilike(clients.name, containsPattern(term)));
  return and(...parts)!;
}

export async function listClients(db: Tx, orgId: number, params: ListParams) {
  const where = listWhere(orgId, params);
  const rows = await db
    .select({ ...getTableColumns(clients), total: totalOver })
    .from(clients)
    .where(where)
    .orderBy(
      ...orderTerms(
        params,
        { name: sql`lower(${clients.name})`, inserted_at: clients.insertedAt, updated_at: clients.updatedAt, locked: clients.locked },
        clients.id,
      ),
    )
    .limit(pageWindow(params).limit)
    .offset(pageWindow(params).offset);
  return splitTotal(rows, params, async () => (await db.select({ n: count() }).from(clients).where(where))[0].n);
}

export async function findClient(db: Tx, orgId: number, id: number): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)));
  return row;
}

export async function insertClient(db: Tx, orgId: number, values: { name: string; avatar?: string | null }) {
  const [row] = await db
    .insert(clients)
    .values({ organizationId: orgId, name: values.name, avatar: values.avatar ?? null })
    .returning();
  return row;
}

export async function updateClient(db: Tx, orgId: number, id: number, values: Partial<{ name: string; avatar: string | null; locked: boolean }>) {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(clients.organizationId, orgId), eq(clients.id, id)))
    .returning();
  return row;
}
