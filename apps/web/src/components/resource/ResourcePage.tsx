/**
 * The generic screen of a declared resource: search form, toolbar (granted buttons only), server-paged
 * table, add/edit form, import and export. Extension points for screen-specific needs: see
 * ResourcePageExtensions in ./types (extraToolbar, extraRowActions, columnOverrides, formOverrides, searchOverrides).
 */

import { grantedTransitions } from '@tagloom/domain/resource/can.ts';
import { defaultOrderOf } from '@tagloom/domain/resource/define.ts';
import { Form, Modal } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/bridge';
import { useUserStore } from '../../app/stores/user';
import { normalizeLang } from '../../domain';
import { useScreen } from '../ScreenContext';
import { ChildRows } from './ChildTable';
import { ColumnSettings } from './ColumnSettings';
import { loadColumnSettings, type ColumnSettings as Settings, saveColumnSettings, visibleColumns } from './column-settings';
import { ImportModal } from './ImportModal';
import { defaultHiddenKeys, defaultOrder } from './layout';
import { DEFAULT_PAGE_SIZE, listFields, titleOf } from './model';
import { ResourceForm } from './ResourceForm';
import { ResourceTable } from './ResourceTable';
import { offersRowActions, RowActions, TransitionButtons, useMachineRefusal, useTransition } from './RowActions';
import { SearchForm } from './SearchForm';
import { Toolbar } from './Toolbar';
import type { Mode, Paging, ResourceDef, ResourcePageExtensions, Row } from './types';
import { exportRows, useResourceList, useResourceMutations } from './use-resource';
import './resource.css';

export interface ResourcePageProps extends ResourcePageExtensions {
  def: ResourceDef;
}

const MAX_TITLES = 5;

/**
 * The sort the table starts with: the declaration's default order when it is a column (its header
 * shows it), else none, and the server lists in that default order (a document: newest first).
 */
function initialSort(def: ResourceDef): Pick<Paging, 'sortField' | 'sortOrder'> {
  const order = defaultOrderOf(def);
  const column = def.list.some((f) => f.key === order.field && f.sort && f.list);
  return column ? { sortField: order.field, sortOrder: order.order } : {};
}

export function ResourcePage({
  def,
  extraToolbar,
  extraRowActions,
  columnOverrides,
  formOverrides,
  searchOverrides,
  lineOverrides,
  rowRefusal,
  rowTitle,
  refreshEvery,
  onSaved,
}: ResourcePageProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screen = useScreen();
  const userCode = useUserStore((s) => s.user?.userCode ?? '-');
  const can = (action: string) => screen.actions.includes(action);

  const [modal, modalHolder] = Modal.useModal();
  const [searchForm] = Form.useForm();
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [paging, setPaging] = useState<Paging>(() => ({ page: 1, pageSize: DEFAULT_PAGE_SIZE, ...initialSort(def) }));
  const [selected, setSelected] = useState<{ keys: number[]; rows: Row[] }>({ keys: [], rows: [] });
  const [size, setSize] = useState<SizeType>(undefined);
  const [target, setTarget] = useState<{ mode: Mode; row?: Row } | undefined>();
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [settings, setSettings] = useState<Settings | undefined>(() => loadColumnSettings(userCode, def.code));

  const { data, isFetching, isPlaceholderData, refetch } = useResourceList(
    def,
    filters,
    paging,
    can('query') || screen.actions.length === 0,
    refreshEvery,
  );
  // a list asking again by itself (refreshEvery) does not spin over the rows it shows
  const loading = isFetching && !(refreshEvery && data && !isPlaceholderData);
  const { remove, invalidate } = useResourceMutations(def);
  // what a row offers: the granted buttons ∩ the state machine, asked of can() as the server does
  const granted = screen.actions;
  const machineRefusal = useMachineRefusal(def, granted);
  const refusal = (row: Row, action: 'edit' | 'delete') => rowRefusal?.(row, action) ?? machineRefusal(row, action);
  const nameOf = (row: Row) => rowTitle?.(row) ?? titleOf(def, row);
  const transition = useTransition(def, modal, nameOf, () => {
    clearSelection();
    void invalidate();
  });

  const allFields = useMemo(() => defaultOrder(listFields(def), def.titleField, def.machine?.field), [def]);
  const defaultHidden = useMemo(() => defaultHiddenKeys(allFields), [allFields]);
  const shownKeys = visibleColumns(
    allFields.map((f) => f.key),
    settings,
    defaultHidden,
  );
  const shownFields = shownKeys.map((k) => allFields.find((f) => f.key === k)!);

  const clearSelection = () => setSelected({ keys: [], rows: [] });
  const reload = () => {
    void refetch();
  };

  const search = (values: Record<string, unknown>) => {
    setFilters(values);
    setPaging((p) => ({ ...p, page: 1 }));
    clearSelection();
    void invalidate();
  };

  const edit = () => {
    if (selected.rows.length !== 1) {
      message.warning(t('resource.selectOneToEdit'));
      return;
    }
    const refused = refusal(selected.rows[0], 'edit');
    if (refused) {
      message.warning(refused);
      return;
    }
    setTarget({ mode: 'edit', row: selected.rows[0] });
  };

  const confirmDelete = (rows: Row[]) => {
    if (!rows.length) {
      message.warning(t('resource.selectToDelete'));
      return;
    }
    const refused = rows.map((r) => refusal(r, 'delete')).find(Boolean);
    if (refused) {
      message.warning(refused);
      return;
    }
    const titles = rows.slice(0, MAX_TITLES).map(nameOf);
    const more = rows.length > MAX_TITLES ? t('resource.andMore', { count: rows.length - MAX_TITLES }) : '';
    modal.confirm({
      title: t('resource.deleteTitle'),
      content: t('resource.deleteConfirm', { count: rows.length, titles: titles.join(t('resource.listSeparator')) + more }),
      okText: t('resource.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const res = await remove.mutateAsync(rows.map((r) => r.id));
          message.success(res.msg || t('common.success'));
          clearSelection();
          if (data && data.list.length === rows.length && paging.page > 1) setPaging((p) => ({ ...p, page: p.page - 1 }));
        } catch {
          // the request layer showed the server's message
        }
      },
    });
  };

  const doExport = async () => {
    setExporting(true);
    try {
      await exportRows(def, filters, paging);
    } catch {
      // the request layer showed the server's message
    } finally {
      setExporting(false);
    }
  };

  const changeSettings = (next: Settings | undefined) => {
    setSettings(next);
    saveColumnSettings(userCode, def.code, next);
  };

  return (
    <div className="resource-page" data-testid="resource-page" data-resource={def.code}>
      {modalHolder}
      <SearchForm def={def} form={searchForm} onSearch={search} overrides={searchOverrides} />
      <div className="page-card resource-body">
        <Toolbar
          can={can}
          onAdd={() => setTarget({ mode: 'create' })}
          onEdit={edit}
          onDelete={() => confirmDelete(selected.rows)}
          onImport={() => setImporting(true)}
          onExport={doExport}
          exporting={exporting}
          onReload={reload}
          selectedCount={selected.rows.length}
          editRefusal={selected.rows.length === 1 ? refusal(selected.rows[0], 'edit') : undefined}
          deleteRefusal={selected.rows.map((r) => refusal(r, 'delete')).find(Boolean)}
          size={size}
          onSize={setSize}
          extra={
            <>
              <TransitionButtons def={def} granted={granted} selected={selected.rows} onTransition={transition} />
              {extraToolbar?.({ selected: selected.rows, reload })}
            </>
          }
          columns={
            <ColumnSettings
              columns={allFields.map((f) => ({ key: f.key, title: f.label[lang] }))}
              settings={settings}
              defaultHidden={defaultHidden}
              onChange={changeSettings}
            />
          }
        />
        <ResourceTable
          fields={shownFields}
          stateKey={def.machine?.field}
          data={data}
          loading={loading}
          paging={paging}
          onPaging={(p) => {
            setPaging(p);
            clearSelection();
          }}
          size={size}
          selectedKeys={selected.keys}
          onSelect={(keys, rows) => setSelected({ keys, rows })}
          canEdit={can('edit')}
          canDelete={can('delete')}
          rowRefusal={rowRefusal}
          onEdit={(row) => setTarget({ mode: 'edit', row })}
          onDelete={confirmDelete}
          columnOverrides={columnOverrides}
          expandedRow={
            def.children?.length
              ? (row) =>
                  def.children!.map((c) => (
                    <ChildRows key={c.key} parentCode={def.code} child={c} parent={row} titled={def.children!.length > 1} />
                  ))
              : undefined
          }
          extraRowActions={extraRowActions ? (row) => extraRowActions(row, { reload }) : undefined}
          selectable={can('edit') || can('delete') || grantedTransitions(def, granted).length > 0}
          renderActions={
            offersRowActions(def, granted) || extraRowActions
              ? (row) => (
                  <RowActions
                    def={def}
                    row={row}
                    granted={granted}
                    onEdit={(r) => setTarget({ mode: 'edit', row: r })}
                    onDelete={confirmDelete}
                    onTransition={transition}
                    rowRefusal={rowRefusal}
                    extra={extraRowActions?.(row, { reload })}
                  />
                )
              : undefined
          }
        />
      </div>
      <ResourceForm
        def={def}
        target={target}
        onClose={() => setTarget(undefined)}
        formOverrides={formOverrides}
        lineOverrides={lineOverrides}
        onSaved={onSaved}
      />
      {can('import') && <ImportModal def={def} open={importing} onClose={() => setImporting(false)} onImported={() => void invalidate()} />}
    </div>
  );
}
