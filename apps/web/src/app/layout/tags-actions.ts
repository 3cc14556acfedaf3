/**
 * What the layout does to the open tags (stores/tags-view.ts): add, close (one, others, left,
 * right, all), refresh, restore after a reload (sessionStorage, one entry per user, only pages the
 * menu still has), and the cap on cached views: past MAX_ALIVE the least recently shown page's view
 * is dropped (its tag stays; the page renders afresh when shown again).
 */
import { TAGS_STORAGE_PREFIX, useTagsViewStore, type VisitedView } from '../stores/tags-view';

/** how many pages keep their rendered view (form drafts, filters, scroll) while hidden */
export const MAX_ALIVE = 20;

const { getState: get, setState: set } = useTagsViewStore;

function load(owner: string): VisitedView[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(TAGS_STORAGE_PREFIX + owner) ?? '[]') as unknown;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (v): v is VisitedView => !!v && typeof v.path === 'string' && typeof v.fullPath === 'string' && v.fullPath.startsWith(v.path),
    );
  } catch {
    return [];
  }
}

function save(visited: VisitedView[]): void {
  const owner = get().owner;
  if (!owner) return;
  try {
    sessionStorage.setItem(TAGS_STORAGE_PREFIX + owner, JSON.stringify(visited));
  } catch {
    // storage full or blocked: the tags just won't survive a reload
  }
}

/** sets the tags (and saves them), keeping only the cached views of pages that still have one */
function setVisited(visited: VisitedView[]): VisitedView[] {
  const paths = new Set(visited.map((v) => v.path));
  set({ visited, alive: get().alive.filter((p) => paths.has(p)) });
  save(visited);
  return visited;
}

const indexOf = (path: string) => get().visited.findIndex((x) => x.path === path);

export const tagsActions = {
  /** loads `owner`'s saved tags, keeping those `known` still accepts; `home` is the affixed one */
  restore(owner: string, known: (path: string) => boolean, home: string): void {
    if (get().owner === owner) return;
    const seen = new Set<string>();
    const restored = load(owner)
      .filter((v) => known(v.path) && !seen.has(v.path) && seen.add(v.path))
      .map((v) => ({ ...v, affix: v.path === home }));
    set({ owner, visited: restored, alive: [] });
    save(restored);
  },
  add(v: VisitedView): void {
    const list = get().visited;
    const i = list.findIndex((x) => x.path === v.path);
    if (i === -1) setVisited(v.affix ? [v, ...list] : [...list, v]);
    else if (list[i].fullPath !== v.fullPath) setVisited(list.map((x, j) => (j === i ? { ...x, fullPath: v.fullPath } : x)));
  },
  /** marks `path` as just shown: keeps its view, dropping the least recently shown one past the cap */
  touch(path: string): void {
    const alive = get().alive;
    if (alive.at(-1) === path) return;
    const next = [...alive.filter((p) => p !== path), path];
    set({ alive: next.slice(Math.max(0, next.length - MAX_ALIVE)) });
  },
  remove: (path: string) => setVisited(get().visited.filter((x) => x.path !== path || x.affix)),
  removeOthers: (path: string) => setVisited(get().visited.filter((x) => x.path === path || x.affix)),
  removeLeft(path: string): VisitedView[] {
    const i = indexOf(path);
    return setVisited(get().visited.filter((x, j) => j >= i || x.affix));
  },
  removeRight(path: string): VisitedView[] {
    const i = indexOf(path);
    return setVisited(get().visited.filter((x, j) => i === -1 || j <= i || x.affix));
  },
  removeAll: () => setVisited(get().visited.filter((x) => x.affix)),
  refresh: (path: string) => set({ refreshKeys: { ...get().refreshKeys, [path]: (get().refreshKeys[path] ?? 0) + 1 } }),
};
