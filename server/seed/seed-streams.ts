import type { Tx } from '../db/client.js';

/** The demo's streams (see seedDemoWorkspace): written through the streams feature's service. */
export async function seedDemoStreams(_tx: Tx, _p: { orgId: number; launchId: number; esportsId: number }, _now = new Date()): Promise<void> {}
