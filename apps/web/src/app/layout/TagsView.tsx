/** A tag per visited page; right-click: refresh, close, close others, close all. Affixed tags stay. */
import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '../stores/permission';
import { useTagsViewStore, type VisitedView } from '../stores/tags-view';

export function TagsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const built = usePermissionStore((s) => s.built)!;
  const { visited, remove, removeOthers, removeAll, refresh } = useTagsViewStore();

  const toLast = (list: VisitedView[]) => navigate(list.at(-1)?.fullPath ?? built.home);
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
    } else if (key === 'all') {
      const rest = removeAll();
      if (!rest.some((x) => x.path === pathname)) toLast(rest);
    }
  };

  return (
    <div className="tags-view" data-testid="tags-view">
      {visited.map((v) => {
        const active = v.path === pathname;
        const title = built.byPath[v.path]?.title ?? v.path;
        return (
          <Dropdown
            key={v.path}
            trigger={['contextMenu']}
            menu={{
              items: [
                { key: 'refresh', label: t('tagsView.refresh') },
                { key: 'close', label: t('tagsView.close'), disabled: v.affix },
                { key: 'others', label: t('tagsView.closeOthers') },
                { key: 'all', label: t('tagsView.closeAll') },
              ],
              onClick: ({ key }) => onMenu(key, v),
            }}
          >
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
              {title}
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
  );
}
