import type { Tx } from '../db/client.js';

/** The demo's videos (see seedDemoWorkspace): written through the videos feature's service. */
export async function seedDemoVideos(_tx: Tx, _p: { orgId: number; launchId: number; esportsId: number }, _now = new Date()): Promise<void> {}
