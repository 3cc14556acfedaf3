/**
 * Menus (general/menu): the three-level tree (module → group → screen) with names in the current
 * language; New (module), New sub-menu, Edit, Delete (the server refuses menus with sub-menus or
 * grants and says why); a screen's operation buttons and data items in drawers. Granted buttons only.
 */
import {
  AppstoreAddOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  SearchOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { ENUMS } from '@tagloom/domain/enums.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Space, Table, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, request } from '../../../app/request';
import { IconAction } from '../../../components/IconAction';
import { MenuIcon } from '../../../components/MenuIcon';
import { titledColumns } from '../../../components/resource/layout';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { MenuForm, type MenuTarget } from './MenuForm';
import { canHaveChildren, isScreen, type MenuNode, nameOf, parentIds, shownComponent, toTreeRows } from './menu-logic';
import { type ItemKind, ScreenItemsDrawer } from './ScreenItemsDrawer';

const LEVEL_COLOR: Record<number, string> = { 1: 'geekblue', 2: 'cyan', 3: 'green' };

export default function MenuAdmin() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const [modal, holder] = Modal.useModal();
  const [filter, setFilter] = useState('');
  const [applied, setApplied] = useState('');
  const [target, setTarget] = useState<MenuTarget | undefined>();
  const [items, setItems] = useState<{ kind: ItemKind; menu: MenuNode } | undefined>();
  const [expanded, setExpanded] = useState<readonly React.Key[] | undefined>();

  const tree = useQuery({
    queryKey: ['menuAdmin', 'tree', applied],
    queryFn: () =>
      fetchData<{ list: MenuNode[]; total: number }>('/general/menu/list', {
        method: 'POST',
        data: applied ? (/^[\x20-\x7e]+$/.test(applied) && !/\s/.test(applied) ? { code: applied } : { name: applied }) : {},
      }),
  });
  const rows = useMemo(() => toTreeRows(tree.data?.list ?? []), [tree.data]);
  const allParents = useMemo(() => parentIds(rows), [rows]);
  const expandedKeys = expanded ?? (applied ? allParents : rows.map((r) => r.id));

  const reload = () => void tree.refetch();

  const remove = (row: MenuNode) =>
    modal.confirm({
      title: t('menuAdmin.confirmDeleteTitle'),
      content: t('menuAdmin.confirmDelete', { name: nameOf(row.names, lang, row.code) }),
      okText: t('menuAdmin.delete'),
      okButtonProps: { danger: true, 'data-testid': 'menu-delete-ok' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await request('/general/menu/delete', { method: 'POST', data: { ids: [row.id] } });
          message.success(res.msg || t('common.success'));
          reload();
        } catch {
          // the request layer showed the server's refusal
        }
      },
    });

  const enumLabel = (name: string, v: unknown) => ENUMS[name]?.find((o) => String(o.value) === String(v))?.label[lang] ?? String(v ?? '');

  return (
    <Card size="small" className="menu-admin" data-testid="menu-admin">
      {holder}
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {can('add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setTarget({ mode: 'create' })} data-testid="menu-add">
              {t('menuAdmin.addModule')}
            </Button>
          )}
          <Button onClick={() => setExpanded(allParents)} data-testid="menu-expand">
            {t('menuAdmin.expandAll')}
          </Button>
          <Button onClick={() => setExpanded([])} data-testid="menu-collapse">
            {t('menuAdmin.collapseAll')}
          </Button>
        </Space>
        <Space.Compact>
          <Input
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            onPressEnter={() => {
              setExpanded(undefined);
              setApplied(filter.trim());
            }}
            placeholder={t('menuAdmin.searchPlaceholder')}
            style={{ width: 240 }}
            data-testid="menu-search"
          />
          <Button
            icon={<SearchOutlined />}
            aria-label={t('menuAdmin.search')}
            onClick={() => {
              setExpanded(undefined);
              setApplied(filter.trim());
            }}
            data-testid="menu-search-submit"
          />
          <Tooltip title={t('menuAdmin.reload')}>
            <Button icon={<ReloadOutlined />} aria-label={t('menuAdmin.reload')} onClick={reload} />
          </Tooltip>
        </Space.Compact>
      </Space>
      <Table<MenuNode>
        rowKey="id"
        size="small"
        loading={tree.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1100 }}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (k) => setExpanded(k) }}
        data-testid="menu-tree"
        onRow={(r) => ({ 'data-menu-code': r.code, 'data-level': r.level }) as React.HTMLAttributes<HTMLElement>}
        columns={titledColumns([
          {
            key: 'name',
            title: t('menuAdmin.name'),
            width: 240,
            render: (_, r) => (
              <span className="menu-admin-name" data-testid="menu-name">
                {nameOf(r.names, lang, r.code)}
              </span>
            ),
          },
          {
            key: 'level',
            title: t('menuAdmin.level'),
            width: 90,
            render: (_, r) => <Tag color={LEVEL_COLOR[r.level]}>{enumLabel('MenuType', r.level)}</Tag>,
          },
          { key: 'code', dataIndex: 'code', title: t('menuAdmin.code'), width: 190, render: (v) => <code>{v}</code> },
          {
            key: 'path',
            title: t('menuAdmin.pathComponent'),
            width: 190,
            render: (_, r) => (
              <span>
                {r.path || '-'}
                {shownComponent(r) && <small style={{ display: 'block', opacity: 0.65 }}>{shownComponent(r)}</small>}
              </span>
            ),
          },
          {
            key: 'icon',
            title: t('menuAdmin.icon'),
            width: 70,
            align: 'center',
            render: (_, r) =>
              r.icon ? (
                <Tooltip title={r.icon}>
                  <span data-testid="menu-icon">
                    <MenuIcon name={r.icon} />
                  </span>
                </Tooltip>
              ) : (
                '-'
              ),
          },
          { key: 'seq', dataIndex: 'seq', title: t('menuAdmin.seq'), width: 90, align: 'right' },
          {
            key: 'visible',
            title: t('menuAdmin.visible'),
            width: 90,
            render: (_, r) => <Tag color={r.hidden ? 'success' : 'default'}>{enumLabel('Visible', r.hidden)}</Tag>,
          },
          {
            key: 'actions',
            title: t('menuAdmin.actions'),
            width: 150,
            fixed: 'right',
            render: (_, r) => (
              <Space size={0}>
                {can('add') && canHaveChildren(r.level) && (
                  <IconAction
                    title={t('menuAdmin.addSub')}
                    icon={<AppstoreAddOutlined />}
                    onClick={() => setTarget({ mode: 'create', parent: r })}
                    testId="menu-add-sub"
                  />
                )}
                {can('edit') && (
                  <IconAction
                    title={t('menuAdmin.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setTarget({ mode: 'edit', row: r })}
                    testId="menu-edit"
                  />
                )}
                {isScreen(r.level) && (
                  <>
                    <IconAction
                      title={t('menuAdmin.buttons')}
                      icon={<ToolOutlined />}
                      onClick={() => setItems({ kind: 'buttons', menu: r })}
                      testId="menu-buttons"
                    />
                    <IconAction
                      title={t('menuAdmin.dataItems')}
                      icon={<DatabaseOutlined />}
                      onClick={() => setItems({ kind: 'dataItems', menu: r })}
                      testId="menu-data-items"
                    />
                  </>
                )}
                {can('delete') && (
                  <IconAction
                    title={t('menuAdmin.delete')}
                    icon={<DeleteOutlined />}
                    danger
                    onClick={() => remove(r)}
                    testId="menu-delete"
                  />
                )}
              </Space>
            ),
          },
        ])}
      />
      <MenuForm
        target={target}
        onClose={() => setTarget(undefined)}
        onSaved={(msg) => {
          message.success(msg || t('common.success'));
          if (target?.mode === 'create' && target.parent) setExpanded((k) => [...new Set([...(k ?? expandedKeys), target.parent!.id])]);
          setTarget(undefined);
          reload();
        }}
      />
      <ScreenItemsDrawer kind={items?.kind ?? 'buttons'} menu={items?.menu} canWrite={can('setting')} onClose={() => setItems(undefined)} />
    </Card>
  );
}
