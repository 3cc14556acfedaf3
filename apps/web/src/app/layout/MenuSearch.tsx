/**
 * Menu search (Ctrl-K / ⌘K, or the navbar's search icon): every screen of the user's menu, matched by
 * a part of its name in the current language, in the other two, or by its module path; arrow keys
 * move, Enter opens. Loaded on first use, so neither /login nor the layout carries it.
 */
import { EnterOutlined, SearchOutlined } from '@ant-design/icons';
import { Empty, Input, type InputRef, Modal } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { LANGS, MENU_TYPE, type MenuItem, normalizeLang } from '../../domain';
import { screenName } from '../screen-names';
import { usePermissionStore } from '../stores/permission';

interface Entry {
  path: string;
  title: string;
  icon: string;
  /** module and group names above the screen */
  trail: string[];
  /** the screen's seeded names in the other languages */
  others: string[];
}

const norm = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();

/** lower is better; undefined: no match. The name itself first, then other languages, then the path. */
function rank(e: Entry, q: string): number | undefined {
  const title = norm(e.title);
  if (title.startsWith(q)) return 0;
  if (title.includes(q)) return 1;
  const others = e.others.map(norm);
  if (others.some((o) => o.startsWith(q))) return 2;
  if (others.some((o) => o.includes(q))) return 3;
  // every word somewhere in the name, the other names or the module path
  const hay = [title, ...others, ...e.trail.map(norm)].join(' / ');
  if (q.split(' ').every((w) => hay.includes(w))) return 4;
  return undefined;
}

function Highlight({ text, q }: { text: string; q: string }): ReactNode {
  const i = q ? text.toLocaleLowerCase().indexOf(q) : -1;
  if (i < 0) return text;
  return (
    <>
      {text.slice(0, i)}
      <mark>{text.slice(i, i + q.length)}</mark>
      {text.slice(i + q.length)}
    </>
  );
}

export default function MenuSearch({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const built = usePermissionStore((s) => s.built)!;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const list = useRef<HTMLDivElement>(null);
  const lang = normalizeLang(i18n.language);
  const entries = useMemo(() => {
    const out: Entry[] = [];
    const seen = new Set<string>();
    const push = (path: string, title: string, icon: string, trail: string[]) => {
      const route = built.byPath[path];
      if (!route || route.hidden || seen.has(path)) return;
      seen.add(path);
      const others = LANGS.filter((l) => l !== lang)
        .map((l) => screenName(route.code, l))
        .filter((n): n is string => !!n && n !== title);
      out.push({ path, title, icon, trail, others });
    };
    const walk = (items: MenuItem[], trail: string[]) => {
      for (const m of items) {
        if (m.hidden === 0) continue;
        if (m.menuType === MENU_TYPE.SCREEN) push(m.path, m.menuName, m.menuIconUrl, trail);
        else walk(m.children ?? [], [...trail, m.menuName]);
      }
    };
    for (const mod of built.modules) walk(mod.modules, [mod.name]);
    // screens outside any module
    for (const r of built.routes) push(r.path, r.title, r.icon, []);
    return out;
  }, [built, lang]);

  const q = norm(query);
  const results = useMemo(() => {
    if (!q) return entries;
    return entries
      .map((e, i) => ({ e, i, r: rank(e, q) }))
      .filter((x): x is { e: Entry; i: number; r: number } => x.r !== undefined)
      .sort((a, b) => a.r - b.r || a.i - b.i)
      .map((x) => x.e);
  }, [entries, q]);

  useEffect(() => {
    if (open) {
      setQuery('');
      setActive(0);
    }
  }, [open]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const go = (e: Entry | undefined) => {
    if (!e) return;
    onClose();
    navigate(e.path);
  };
  const onKeyDown = (ev: React.KeyboardEvent) => {
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      if (!results.length) return;
      const step = ev.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + results.length) % results.length);
    } else if (ev.key === 'Enter' && !ev.nativeEvent.isComposing) {
      ev.preventDefault();
      go(results[active]);
    } else if (ev.key === 'Escape' && !ev.nativeEvent.isComposing) {
      // closed here, not only by the dialog's own Escape: that one goes to the topmost dialog the page
      // holds, and a screen's form, rendered hidden ahead of time, may count as topmost
      ev.preventDefault();
      onClose();
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={580}
      style={{ top: 72 }}
      styles={{ body: { padding: 0 } }}
      afterOpenChange={(o) => o && input.current?.focus()}
      className="menu-search"
      data-testid="menu-search"
    >
      <Input
        ref={input}
        size="large"
        variant="borderless"
        prefix={<SearchOutlined />}
        placeholder={t('shell.search.placeholder')}
        value={query}
        onChange={(e) => {
          // a new query starts at the best match
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        allowClear
        autoFocus
        aria-label={t('shell.search.placeholder')}
        data-testid="menu-search-input"
      />
      <div className="menu-search-list" ref={list} role="listbox">
        {results.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('shell.search.empty')} />}
        {results.map((e, i) => (
          <div
            key={e.path}
            role="option"
            tabIndex={-1}
            aria-selected={i === active}
            className={`menu-search-item ${i === active ? 'active' : ''}`}
            data-index={i}
            data-path={e.path}
            data-testid="menu-search-item"
            onMouseMove={() => i !== active && setActive(i)}
            onClick={() => go(e)}
            onKeyDown={onKeyDown}
          >
            <span className="icon">
              <MenuIcon name={e.icon} />
            </span>
            <span className="text">
              <span className="title">
                <Highlight text={e.title} q={q} />
                {(() => {
                  // the name in another language, when that is what matched
                  const other = q && !norm(e.title).includes(q) ? e.others.find((o) => norm(o).includes(q)) : undefined;
                  return other ? (
                    <span className="other">
                      <Highlight text={other} q={q} />
                    </span>
                  ) : null;
                })()}
              </span>
              {e.trail.length > 0 && <span className="trail">{e.trail.join(' / ')}</span>}
            </span>
            {i === active && <EnterOutlined className="enter" />}
          </div>
        ))}
      </div>
      <div className="menu-search-hint">{t('shell.search.hint')}</div>
    </Modal>
  );
}
