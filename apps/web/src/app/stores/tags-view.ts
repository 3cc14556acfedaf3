/** Visited pages shown as tags, and the per-path view cache they keep alive. */
import { create } from 'zustand';

export interface VisitedView {
  path: string;
  /** full URL (path + query) to return to */
  fullPath: string;
  affix: boolean;
}

interface TagsViewState {
  visited: VisitedView[];
  /** bumping a path's key drops its cached view */
  refreshKeys: Record<string, number>;
  add: (v: VisitedView) => void;
  remove: (path: string) => VisitedView[];
  removeOthers: (path: string) => VisitedView[];
  removeAll: () => VisitedView[];
  refresh: (path: string) => void;
  reset: () => void;
}

export const useTagsViewStore = create<TagsViewState>((set, get) => ({
  visited: [],
  refreshKeys: {},
  add: (v) => {
    const list = get().visited;
    const i = list.findIndex((x) => x.path === v.path);
    if (i === -1) set({ visited: v.affix ? [v, ...list] : [...list, v] });
    else if (list[i].fullPath !== v.fullPath) set({ visited: list.map((x, j) => (j === i ? { ...x, fullPath: v.fullPath } : x)) });
  },
  remove: (path) => {
    const visited = get().visited.filter((x) => x.path !== path || x.affix);
    set({ visited });
    return visited;
  },
  removeOthers: (path) => {
    const visited = get().visited.filter((x) => x.path === path || x.affix);
    set({ visited });
    return visited;
  },
  removeAll: () => {
    const visited = get().visited.filter((x) => x.affix);
    set({ visited });
    return visited;
  },
  refresh: (path) => set({ refreshKeys: { ...get().refreshKeys, [path]: (get().refreshKeys[path] ?? 0) + 1 } }),
  reset: () => set({ visited: [], refreshKeys: {} }),
}));
