/**
 * The menu form's icon: a searchable grid of the icons menus can show (MenuIcon's set), each drawn
 * with its name; the value is the icon's name ('' for none).
 */
import { CloseCircleFilled, DownOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Popover } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_ICON_NAMES, MenuIcon } from '../../../components/MenuIcon';
import { iconMatches } from './menu-logic';
import './menu.css';

export function IconPicker({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => MENU_ICON_NAMES.filter((n) => iconMatches(n, query)), [query]);
  const pick = (name: string) => {
    onChange?.(name);
    setOpen(false);
    setQuery('');
  };
  const grid = (
    <div className="icon-picker-panel" data-testid="icon-picker-panel">
      <Input.Search
        allowClear
        autoFocus
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('iconPicker.search')}
        data-testid="icon-picker-search"
      />
      {shown.length ? (
        <div className="icon-picker-grid" role="listbox">
          {shown.map((name) => (
            <button
              type="button"
              key={name}
              role="option"
              aria-selected={name === value}
              title={name}
              className={`icon-picker-tile${name === value ? ' is-selected' : ''}`}
              onClick={() => pick(name)}
              data-testid={`icon-option-${name}`}
            >
              <MenuIcon name={name} />
              <span>{name.replace(/Outlined$/, '')}</span>
            </button>
          ))}
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('iconPicker.noMatch')} />
      )}
    </div>
  );
  return (
    <Popover content={grid} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft" arrow={false}>
      <Button id={id} className="icon-picker-button" data-testid="menu-form-icon" block>
        <span className="icon-picker-current">
          {value ? (
            <>
              <MenuIcon name={value} />
              <span data-testid="menu-form-icon-value">{value}</span>
            </>
          ) : (
            <span className="icon-picker-placeholder">{t('iconPicker.placeholder')}</span>
          )}
        </span>
        {value ? (
          <CloseCircleFilled
            className="icon-picker-clear"
            aria-label={t('iconPicker.none')}
            onClick={(e) => {
              e.stopPropagation();
              onChange?.('');
            }}
            data-testid="icon-picker-clear"
          />
        ) : (
          <DownOutlined className="icon-picker-arrow" />
        )}
      </Button>
    </Popover>
  );
}
