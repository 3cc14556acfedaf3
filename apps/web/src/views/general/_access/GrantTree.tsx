/**
 * The permission grid of the tenant and role forms: modules (collapsed, with "granted/total" screens
 * and a select-all), each a table of its screens × the common buttons (query, add, edit, …) plus a
 * cell for any other button; a search over screen names. Controlled by grants ([{menuId, actions}]).
 */
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Checkbox, Empty, Input, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../../domain';
import {
  filterGrid,
  type GridModule,
  type GridScreen,
  gridOf,
  isGranted,
  moduleCount,
  orderGrants,
  otherButtons,
  screensTick,
  screenTick,
  setButton,
  setScreen,
  setScreens,
  type Tick,
  usedColumns,
} from './grant-grid';
import type { Grant, GrantNode } from './grant-tree';

const tickProps = (t: Tick) => ({ checked: t === 'all', indeterminate: t === 'some' });

function ModuleBlock({
  module,
  whole,
  columns,
  grants,
  open,
  onToggle,
  change,
  disabled,
}: {
  module: GridModule;
  /** the module with all its screens (a search shows some): the count is of these */
  whole: GridModule;
  columns: readonly string[];
  grants: Grant[];
  open: boolean;
  onToggle: () => void;
  change: (next: Grant[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const count = moduleCount(grants, whole);
  const columnName = (code: string) => module.screens.flatMap((s) => s.buttons).find((b) => b.code === code)?.name ?? code;
  const hasOthers = module.screens.some((s) => otherButtons(s).length > 0);
  const row = (s: GridScreen) => (
    <tr key={s.id} data-testid={`grant-screen-${s.id}`} data-title={s.name}>
      <th scope="row" className="grant-grid-screen">
        <Checkbox
          {...tickProps(screenTick(grants, s))}
          disabled={disabled}
          onChange={(e) => change(setScreen(grants, s, e.target.checked))}
          data-testid={`grant-screen-check-${s.id}`}
        >
          <span className="grant-grid-screen-name">{s.name}</span>
          {s.group && <span className="grant-grid-group">{s.group}</span>}
        </Checkbox>
      </th>
      {columns.map((c) => {
        const b = s.buttons.find((x) => x.code === c);
        return (
          <td key={c} className="grant-grid-cell">
            {b && (
              <Checkbox
                checked={isGranted(grants, s.id, c)}
                disabled={disabled}
                onChange={(e) => change(setButton(grants, s, c, e.target.checked))}
                aria-label={`${s.name} · ${b.name}`}
                data-testid={`grant-b:${s.id}:${c}`}
              />
            )}
          </td>
        );
      })}
      {hasOthers && (
        <td className="grant-grid-others">
          {otherButtons(s).map((b) => (
            <Checkbox
              key={b.code}
              checked={isGranted(grants, s.id, b.code)}
              disabled={disabled}
              onChange={(e) => change(setButton(grants, s, b.code, e.target.checked))}
              data-testid={`grant-b:${s.id}:${b.code}`}
            >
              {b.name}
            </Checkbox>
          ))}
        </td>
      )}
    </tr>
  );
  return (
    <section className="grant-grid-module" data-testid={`grant-module-${module.id}`} data-open={open ? '1' : '0'}>
      <div className="grant-grid-head">
        <Checkbox
          {...tickProps(screensTick(grants, module.screens))}
          disabled={disabled}
          onChange={(e) => change(setScreens(grants, module.screens, e.target.checked))}
          aria-label={t('grantGrid.selectModule', { name: module.name })}
          data-testid={`grant-module-check-${module.id}`}
        />
        <button
          type="button"
          className="grant-grid-toggle"
          onClick={onToggle}
          aria-expanded={open}
          data-testid={`grant-module-toggle-${module.id}`}
        >
          {open ? <DownOutlined /> : <RightOutlined />}
          <span className="grant-grid-module-name">{module.name}</span>
          <span className="grant-grid-count" data-testid={`grant-count-${module.id}`}>
            {t('grantGrid.count', count)}
          </span>
        </button>
      </div>
      {open && (
        <div className="grant-grid-scroll">
          <table className="grant-grid-table">
            <thead>
              <tr>
                <th scope="col" className="grant-grid-screen">
                  {t('grantGrid.screen')}
                </th>
                {columns.map((c) => (
                  <th scope="col" key={c} className="grant-grid-cell">
                    {columnName(c)}
                  </th>
                ))}
                {hasOthers && (
                  <th scope="col" className="grant-grid-others">
                    {t('grantGrid.others')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>{module.screens.map(row)}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function GrantTree({
  nodes,
  value,
  onChange,
  loading,
  disabled,
  testId,
}: {
  nodes: GrantNode[] | undefined;
  value: Grant[] | undefined;
  onChange?: (grants: Grant[]) => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const modules = useMemo(() => gridOf(nodes ?? [], lang), [nodes, lang]);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState<Set<number>>(new Set());
  const shown = useMemo(() => filterGrid(modules, query), [modules, query]);
  const grants = value ?? [];
  const searching = query.trim() !== '';
  const change = (next: Grant[]) => onChange?.(orderGrants(modules, next));
  const visibleScreens = shown.flatMap((m) => m.screens);
  const granted = modules.reduce((n, m) => n + moduleCount(grants, m).granted, 0);
  const total = modules.reduce((n, m) => n + m.screens.length, 0);

  if (loading) return <Spin size="small" data-testid={testId ? `${testId}-loading` : undefined} />;
  if (!modules.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="grant-grid" data-testid={testId} data-ready="1">
      <div className="grant-grid-bar">
        <Input.Search
          allowClear
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('grantGrid.search')}
          className="grant-grid-search"
          data-testid="grant-search"
        />
        <Checkbox
          {...tickProps(screensTick(grants, visibleScreens))}
          disabled={disabled || !visibleScreens.length}
          onChange={(e) => change(setScreens(grants, visibleScreens, e.target.checked))}
          data-testid="grant-all"
        >
          {t(searching ? 'grantGrid.allShown' : 'grantGrid.all')}
        </Checkbox>
        <Typography.Text type="secondary" className="grant-grid-total" data-testid="grant-total">
          {t('grantGrid.total', { granted, total })}
        </Typography.Text>
        {!searching && (
          <Button
            size="small"
            type="link"
            onClick={() => setOpened(opened.size ? new Set() : new Set(modules.map((m) => m.id)))}
            data-testid="grant-expand-all"
          >
            {t(opened.size ? 'grantGrid.collapseAll' : 'grantGrid.expandAll')}
          </Button>
        )}
      </div>
      {!shown.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('grantGrid.noMatch')} />}
      {shown.map((m) => (
        <ModuleBlock
          key={m.id}
          module={m}
          whole={modules.find((x) => x.id === m.id) ?? m}
          columns={usedColumns([m])}
          grants={grants}
          // a search opens every module it finds screens in
          open={searching || opened.has(m.id)}
          onToggle={() => {
            const next = new Set(opened);
            if (next.has(m.id)) next.delete(m.id);
            else next.add(m.id);
            setOpened(next);
          }}
          change={change}
          disabled={disabled}
        />
      ))}
    </div>
  );
}
