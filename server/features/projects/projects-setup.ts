/** What the projects suites (projects.test.ts, projects-list.test.ts) share: documents and readers. */

export type ErrorBody = { status: string; code: string; detail: string; source?: { pointer?: string; parameter?: string } };
export type ProjectDoc = { id: string; attributes: Record<string, unknown> };

export const body = (attributes: Record<string, unknown>, clientId?: number | string, extra: Record<string, unknown> = {}) => ({
  data: {
    type: 'project',
    attributes,
    ...(clientId === undefined ? {} : { relationships: { client: { data: { type: 'client', id: String(clientId) } } } }),
    ...extra,
  },
});
export const names = (res: { json(): { data: ProjectDoc[] } }) => res.json().data.map((p) => p.attributes.name);
