import { beforeEach, describe, expect, it } from 'vitest';
import { TAGS_STORAGE_PREFIX, useTagsViewStore } from '../stores/tags-view';
import { MAX_ALIVE, tagsActions } from './tags-actions';

/** the browser's sessionStorage, as a plain in-memory Storage (node has none) */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
}
(globalThis as { sessionStorage?: unknown }).sessionStorage = new MemoryStorage();

const tag = (path: string, affix = false) => ({ path, fullPath: path, affix });
const paths = () => useTagsViewStore.getState().visited.map((v) => v.path);
const known = (p: string) => p.startsWith('/ok/');

beforeEach(() => {
  useTagsViewStore.getState().reset();
  sessionStorage.clear();
});

describe('tags kept across a reload', () => {
  it('saves per user and restores only the pages the menu still has, the home tag affixed', () => {
    tagsActions.restore('u1', known, '/ok/home');
    tagsActions.add(tag('/ok/home', true));
    tagsActions.add(tag('/ok/a'));
    tagsActions.add({ path: '/ok/b', fullPath: '/ok/b?x=1', affix: false });
    const saved = JSON.parse(sessionStorage.getItem(`${TAGS_STORAGE_PREFIX}u1`) ?? '[]');
    expect(saved.map((v: { fullPath: string }) => v.fullPath)).toEqual(['/ok/home', '/ok/a', '/ok/b?x=1']);

    // a reload: the store starts empty, the saved list plus a page the menu lost
    sessionStorage.setItem(`${TAGS_STORAGE_PREFIX}u1`, JSON.stringify([...saved, tag('/gone/c'), tag('/ok/a'), { junk: 1 }]));
    useTagsViewStore.setState({ visited: [], alive: [], owner: undefined });
    tagsActions.restore('u1', known, '/ok/a');
    expect(paths()).toEqual(['/ok/home', '/ok/a', '/ok/b']);
    expect(useTagsViewStore.getState().visited.map((v) => v.affix)).toEqual([false, true, false]);

    // another user starts with their own (none)
    useTagsViewStore.setState({ visited: [], alive: [], owner: undefined });
    tagsActions.restore('u2', known, '/ok/home');
    expect(paths()).toEqual([]);
  });

  it('forgets the saved tags on sign-out', () => {
    tagsActions.restore('u1', known, '/ok/home');
    tagsActions.add(tag('/ok/a'));
    useTagsViewStore.getState().reset();
    expect(sessionStorage.getItem(`${TAGS_STORAGE_PREFIX}u1`)).toBeNull();
  });
});

describe('cached views', () => {
  it(`keeps at most ${MAX_ALIVE}, dropping the least recently shown first`, () => {
    const all = Array.from({ length: MAX_ALIVE + 3 }, (_, i) => `/ok/${i}`);
    for (const p of all) {
      tagsActions.add(tag(p));
      tagsActions.touch(p);
    }
    // showing /ok/0 again makes it the most recent: /ok/1 … /ok/3 go
    tagsActions.touch('/ok/0');
    const alive = useTagsViewStore.getState().alive;
    expect(alive).toHaveLength(MAX_ALIVE);
    expect(alive.at(-1)).toBe('/ok/0');
    expect(alive).not.toContain('/ok/1');
    expect(alive).not.toContain('/ok/3');
    expect(alive).toContain('/ok/4');
    // the tags all stay
    expect(paths()).toEqual(all);
    // closing a tag drops its view
    tagsActions.remove('/ok/4');
    expect(useTagsViewStore.getState().alive).not.toContain('/ok/4');
  });
});

describe('closing', () => {
  it('closes to the left and right of a tag, never the affixed one', () => {
    for (const p of ['/ok/home', '/ok/a', '/ok/b', '/ok/c', '/ok/d']) tagsActions.add(tag(p, p === '/ok/home'));
    expect(tagsActions.removeRight('/ok/c').map((v) => v.path)).toEqual(['/ok/home', '/ok/a', '/ok/b', '/ok/c']);
    expect(tagsActions.removeLeft('/ok/b').map((v) => v.path)).toEqual(['/ok/home', '/ok/b', '/ok/c']);
    expect(tagsActions.removeAll().map((v) => v.path)).toEqual(['/ok/home']);
  });
});
