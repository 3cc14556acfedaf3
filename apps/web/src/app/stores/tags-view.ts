/**
 * Visited pages shown as tags, and the per-path view cache they keep alive. Only the state and
 * its reset live here (the sign-out path, part of /login, needs them); what the layout does to the
 * tags (add, close, restore after a reload, the cache cap) is in layout/tags-actions.ts.
 */
import { create } from 'zustand';

export interface VisitedView {
  path: string;
  /** full URL (path + query) to return to */
  fullPath: string;
  affix: boolean;
}

/** sessionStorage key prefix of a user's open tags */
export const TAGS_STORAGE_PREFIX = 'tagsView:';

export interface TagsViewState {
  visited: VisitedView[];
  /** paths whose views are kept, least recently shown first */
  alive: string[];
  /** bumping a path's key drops its cached view */
  refreshKeys: Record<string, number>;
  /** whose tags these are (their storage key); undefined until restored */
  owner: string | undefined;
  /** forgets the tags (sign-out), saved ones included */
  reset: () => void;
}

export const useTagsViewStore = create<TagsViewState>((set, get) => ({
  visited: [],
  alive: [],
  refreshKeys: {},
  owner: undefined,
  reset: () => {
    const owner = get().owner;
    if (owner) sessionStorage.removeItem(TAGS_STORAGE_PREFIX + owner);
    set({ visited: [], alive: [], refreshKeys: {}, owner: undefined });
  },
}));
