/**
 * A tag per visited page; right-click: refresh, close, close others / left / right / all. Affixed tags stay.
 * The active tag is scrolled into view; the wheel scrolls the bar sideways; the "more" button at the
 * right lists every open page and offers the same closing actions for the current one.
 */
import { CheckOutlined, CloseOutlined, DownOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps, Tooltip, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore, type VisitedView } from '../stores/tags-view';
import { tagsActions } from './tags-actions';

type MenuItems = Required<MenuProps>['items'];

export function TagsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const visited = useTagsViewStore((s) => s.visited);
  const { remove, removeOthers, removeLeft, removeRight, removeAll, refresh } = tagsActions;
  const scroller = useRef<HTMLDivElement>(null);
  const [moreOpen, setMoreOpen] = useState(false);

  const titleOf = (v: VisitedView) => built.byPath[v.path]?.title ?? v.path;
  const toLast = (list: VisitedView[]) => navigate(list.at(-1)?.fullPath ?? built.home);
  /** after closing several: stay if the current page survived, else go to `v` if it did, else the last */
  const settle = (rest: VisitedView[], v: VisitedView) => {
    if (rest.some((x) => x.path === pathname)) return;
    if (rest.some((x) => x.path === v.path)) navigate(v.fullPath);
    else toLast(rest);
  };
  const close = (v: VisitedView) => {
    if (v.affix) return;
    const rest = remove(v.path);
    if (v.path === pathname) toLast(rest);
  };
  const onMenu = (key: string, v: VisitedView) => {
    if (key === 'refresh') {
      refresh(v.path);
      if (v.path !== pathname) navigate(v.fullPath);
    } else if (key === 'close') close(v);
    else if (key === 'others') {
      removeOthers(v.path);
      if (v.path !== pathname) navigate(v.fullPath);
    } else if (key === 'left') settle(removeLeft(v.path), v);
    else if (key === 'right') settle(removeRight(v.path), v);
    else if (key === 'all') {
      const rest = removeAll();
      if (!rest.some((x) => x.path === pathname)) toLast(rest);
    }
  };
  const actionsFor = (v: VisitedView, withRefresh: boolean): MenuItems => {
    const i = visited.findIndex((x) => x.path === v.path);
    const closable = (x: VisitedView) => !x.affix;
    return [
      ...(withRefresh ? [{ key: 'refresh', label: t('tagsView.refresh') }] : []),
      { key: 'close', label: t('tagsView.close'), disabled: v.affix },
      { key: 'others', label: t('tagsView.closeOthers'), disabled: !visited.some((x, j) => j !== i && closable(x)) },
      { key: 'left', label: t('shell.tags.closeLeft'), disabled: !visited.some((x, j) => j < i && closable(x)) },
      { key: 'right', label: t('shell.tags.closeRight'), disabled: !visited.some((x, j) => j > i && closable(x)) },
      { key: 'all', label: t('tagsView.closeAll'), disabled: !visited.some(closable) },
    ];
  };

  // bring the active tag into view whenever it changes (or the list around it does)
  useEffect(() => {
    const box = scroller.current;
    const el = box?.querySelector<HTMLElement>('.tags-view-item.active');
    if (!box || !el) return;
    const left = el.offsetLeft - box.offsetLeft;
    const right = left + el.offsetWidth;
    const margin = 24;
    if (left - margin < box.scrollLeft) box.scrollTo({ left: Math.max(0, left - margin), behavior: 'smooth' });
    else if (right + margin > box.scrollLeft + box.clientWidth)
      box.scrollTo({ left: right + margin - box.clientWidth, behavior: 'smooth' });
  }, [pathname, visited]);

  // the "more" list opens showing the current page
  useEffect(() => {
    if (!moreOpen) return;
    const id = requestAnimationFrame(() =>
      document.querySelector('.tags-more-menu .ant-dropdown-menu-item-selected')?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(id);
  }, [moreOpen]);

  // a plain mouse wheel scrolls the bar sideways
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0 || Math.abs(e.deltaX) > Math.abs(e.deltaY) || box.scrollWidth <= box.clientWidth) return;
      e.preventDefault();
      box.scrollLeft += e.deltaY;
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, []);

  const current = visited.find((v) => v.path === pathname);
  const moreItems: MenuItems = [
    ...(current ? [...actionsFor(current, false), { type: 'divider' as const }] : []),
    ...visited.map((v) => ({
      key: `go:${v.path}`,
      icon: v.path === pathname ? <CheckOutlined /> : <span className="tags-more-blank" />,
      label: (
        <span className="tags-more-title" data-testid="tags-more-item" data-path={v.path}>
          {titleOf(v)}
        </span>
      ),
    })),
  ];

  return (
    <div className="tags-view" data-testid="tags-view">
      <div className="tags-view-scroll" ref={scroller} data-testid="tags-scroll">
        {visited.map((v) => {
          const active = v.path === pathname;
          return (
            <Dropdown key={v.path} trigger={['contextMenu']} menu={{ items: actionsFor(v, true), onClick: ({ key }) => onMenu(key, v) }}>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: tags are reached by keyboard through the side menu */}
              {/* biome-ignore lint/a11y/noStaticElementInteractions: right-click menu target */}
              <span
                className={`tags-view-item ${active ? 'active' : ''}`}
                style={active ? { background: token.colorPrimary, borderColor: token.colorPrimary } : undefined}
                onClick={() => navigate(v.fullPath)}
                onMouseUp={(e) => {
                  if (e.button === 1) close(v);
                }}
                data-testid="tag"
                data-path={v.path}
                data-affix={v.affix ? '1' : '0'}
              >
                {titleOf(v)}
                {!v.affix && (
                  <CloseOutlined
                    className="close"
                    data-testid="tag-close"
                    onClick={(e) => {
                      e.stopPropagation();
                      close(v);
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        open={moreOpen}
        onOpenChange={setMoreOpen}
        menu={{
          items: moreItems,
          selectable: true,
          selectedKeys: [`go:${pathname}`],
          className: 'tags-more-menu',
          onClick: ({ key }) => {
            setMoreOpen(false);
            if (key.startsWith('go:')) {
              const v = visited.find((x) => `go:${x.path}` === key);
              if (v) navigate(v.fullPath);
            } else if (current) onMenu(key, current);
          },
        }}
      >
        <Tooltip title={moreOpen ? undefined : t('shell.tags.more')} placement="left">
          <button type="button" className="tags-view-more" aria-label={t('shell.tags.more')} data-testid="tags-more">
            <span className="count">{visited.length}</span>
            <DownOutlined />
          </button>
        </Tooltip>
      </Dropdown>
    </div>
  );
}
