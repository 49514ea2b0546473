import type { TestContext } from '../helpers/app.js';
import type { makeOrg } from '../helpers/factories.js';

type Org = Awaited<ReturnType<typeof makeOrg>>;

/** What the tenant-isolation suite has set up before a feature's probes run. */
export interface TenantFixture {
  ctx: TestContext;
  owner: Org;
  outsider: Org;
  operator: Org;
  /** The owner's project, one of its tags, and a saved article under that tag. */
  projectId: number;
  tagId: number;
  savedId: number;
}

export interface Probe {
  url: () => string;
  body?: () => unknown;
  /** The outsider's expected status when it is not 404 (documented per route). */
  status?: number;
}

/**
 * One feature's part of the tenant-isolation suite, in its own file so that each feature
 * probes its routes beside the others': `setup` creates the owner's data (and some of the
 * outsider's, so empty lists prove scoping), the records probe the feature's `org` and
 * `operator` routes (the class is each route's own declaration), and `snapshot` reads the
 * owner's rows that no outsider request may change.
 */
export interface TenantProbeSet {
  setup(f: TenantFixture): Promise<void>;
  /**
   * `org` routes that name nothing of another organization, so there is no id to probe: they act
   * in the caller's own organization or read what every organization shares (say why, per route).
   */
  ownOrganization?: string[];
  byId?: Record<string, Probe>;
  lists?: Record<string, { url: () => string; forbiddenIds: () => number[] }>;
  operatorOnly?: Record<string, Probe>;
  snapshot?(f: TenantFixture): Promise<string>;
}
