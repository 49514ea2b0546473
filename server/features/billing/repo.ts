import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { stripeEvents } from '../../db/schema/billing.js';

/**
 * Claims a Stripe event id in `tx`: true the first time, false when it was processed before (or
 * another delivery of it holds the claim: the unique key makes this wait for that transaction,
 * and a committed claim answers false).
 */
export async function claimStripeEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/** Records what a claimed event did: the organization it touched (if any) and when. */
export async function markStripeEventProcessed(tx: Tx, id: string, organizationId: number | null): Promise<void> {
  await tx.update(stripeEvents).set({ organizationId, processedAt: new Date() }).where(eq(stripeEvents.id, id));
}
