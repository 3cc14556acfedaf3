/** Column settings popover: show/hide and reorder columns; the page persists the result per user and screen. */
import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { arrangeColumns, moveColumn, type ColumnSettings as Settings } from './column-settings';

export function ColumnSettings({
  columns,
  settings,
  defaultHidden,
  onChange,
}: {
  columns: { key: string; title: string }[];
  settings: Settings | undefined;
  /** columns the declaration leaves out of the default view */
  defaultHidden: string[];
  onChange: (next: Settings | undefined) => void;
}) {
  const { t } = useTranslation();
  const keys = columns.map((c) => c.key);
  const arranged = arrangeColumns(keys, settings, defaultHidden);
  const order = arranged.map((c) => c.key);
  const hidden = arranged.filter((c) => !c.visible).map((c) => c.key);
  const titleOf = (key: string) => columns.find((c) => c.key === key)?.title ?? key;
  const allShown = hidden.length === 0;

  const content = (
    <div className="resource-columns" data-testid="column-settings">
      <div className="resource-columns-head">
        <Checkbox
          checked={allShown}
          indeterminate={!allShown && hidden.length < keys.length}
          onChange={(e) => onChange({ order, hidden: e.target.checked ? [] : keys.slice(1) })}
        >
          {t('resource.allColumns')}
        </Checkbox>
        <Button type="link" size="small" onClick={() => onChange(undefined)} data-testid="column-settings-reset">
          {t('common.reset')}
        </Button>
      </div>
      {arranged.map((c, i) => (
        <div key={c.key} className="resource-columns-item" data-testid={`column-${c.key}`}>
          <Checkbox
            checked={c.visible}
            // at least one column stays
            disabled={c.visible && hidden.length === keys.length - 1}
            onChange={(e) => onChange({ order, hidden: e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key] })}
          >
            {titleOf(c.key)}
          </Checkbox>
          <span>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined />}
              disabled={i === 0}
              aria-label={t('resource.moveUp')}
              onClick={() => onChange({ order: moveColumn(order, c.key, -1), hidden })}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined />}
              disabled={i === arranged.length - 1}
              aria-label={t('resource.moveDown')}
              onClick={() => onChange({ order: moveColumn(order, c.key, 1), hidden })}
            />
          </span>
        </div>
      ))}
    </div>
  );
  return (
    <Popover content={content} title={t('resource.columnSettings')} trigger="click" placement="bottomRight">
      <Tooltip title={t('resource.columnSettings')}>
        <Button type="text" icon={<SettingOutlined />} aria-label={t('resource.columnSettings')} data-testid="resource-columns" />
      </Tooltip>
    </Popover>
  );
}
