/** Buttons above the table: granted actions on the left, reload / density / columns on the right. */
import {
  ColumnHeightOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  PlusOutlined,
  ReloadOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ToolbarProps {
  can: (action: string) => boolean;
  onAdd: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onImport: () => void;
  onExport: () => void;
  exporting: boolean;
  onReload: () => void;
  /** rows selected in the table: Edit wants exactly one, Delete at least one */
  selectedCount: number;
  /** why a chosen row cannot be edited / deleted (its state, say): the button is off and says so */
  editRefusal?: string;
  deleteRefusal?: string;
  size: SizeType;
  onSize: (s: SizeType) => void;
  columns: ReactNode;
  extra?: ReactNode;
}

export function Toolbar(p: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="resource-toolbar">
      <Space wrap size={8}>
        {p.can('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={p.onAdd} data-testid="resource-add">
            {t('resource.add')}
          </Button>
        )}
        {p.can('edit') && (
          <Tooltip title={p.selectedCount === 1 ? p.editRefusal : t('resource.editNeedsOne')}>
            <Button
              icon={<EditOutlined />}
              onClick={p.onEdit}
              disabled={p.selectedCount !== 1 || !!p.editRefusal}
              data-testid="resource-edit"
            >
              {t('resource.edit')}
            </Button>
          </Tooltip>
        )}
        {p.can('delete') && (
          <Tooltip title={p.selectedCount > 0 ? p.deleteRefusal : t('resource.deleteNeedsRows')}>
            <Button
              danger
              icon={<DeleteOutlined />}
              onClick={p.onDelete}
              disabled={p.selectedCount === 0 || !!p.deleteRefusal}
              data-testid="resource-delete"
            >
              {t('resource.delete')}
            </Button>
          </Tooltip>
        )}
        {p.can('import') && (
          <Button icon={<UploadOutlined />} onClick={p.onImport} data-testid="resource-import">
            {t('resource.import')}
          </Button>
        )}
        {p.can('export') && (
          <Button icon={<DownloadOutlined />} onClick={p.onExport} loading={p.exporting} data-testid="resource-export">
            {t('resource.export')}
          </Button>
        )}
        {p.extra}
      </Space>
      <Space size={2} className="resource-toolbar-tools">
        <Tooltip title={t('resource.reload')}>
          <Button
            type="text"
            icon={<ReloadOutlined />}
            onClick={p.onReload}
            aria-label={t('resource.reload')}
            data-testid="resource-reload"
          />
        </Tooltip>
        <Dropdown
          trigger={['click']}
          menu={{
            selectable: true,
            selectedKeys: [String(p.size ?? 'middle')],
            onClick: ({ key }) => p.onSize(key as SizeType),
            items: [
              { key: 'large', label: t('resource.densityLarge') },
              { key: 'middle', label: t('resource.densityMiddle') },
              { key: 'small', label: t('resource.densitySmall') },
            ],
          }}
        >
          <Tooltip title={t('resource.density')}>
            <Button type="text" icon={<ColumnHeightOutlined />} aria-label={t('resource.density')} data-testid="resource-density" />
          </Tooltip>
        </Dropdown>
        {p.columns}
      </Space>
    </div>
  );
}
