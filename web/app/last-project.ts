import { NO_PROJECT } from '../lib/workspace';

const KEY = 'coverwatch.project';

/** The project the user last worked in, for pages whose path has no project (settings, websites). */
export function lastProject(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function rememberProject(id: string) {
  if (id === NO_PROJECT) return;
  try {
    localStorage.setItem(KEY, id);
  } catch {}
}
