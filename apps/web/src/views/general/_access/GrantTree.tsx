/** A checkbox Tree of menus and their buttons, controlled by grants ([{menuId, actions}]). */
import { Empty, Spin, Tree } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang } from '../../../domain';
import { allKeys, type Grant, type GrantNode, grantsToKeys, keysToGrants, toTreeData } from './grant-tree';

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
  const { i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const data = useMemo(() => toTreeData(nodes ?? [], lang), [nodes, lang]);
  const expanded = useMemo(() => allKeys(data), [data]);
  const checked = useMemo(() => grantsToKeys(nodes ?? [], value ?? []), [nodes, value]);
  if (loading) return <Spin size="small" />;
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <div className="access-tree" data-testid={testId}>
      <Tree
        checkable
        selectable={false}
        disabled={disabled}
        treeData={data}
        defaultExpandedKeys={expanded}
        checkedKeys={checked}
        titleRender={(n) => (
          <span data-testid={`grant-${String(n.key)}`} data-title={String(n.title)}>
            {String(n.title)}
          </span>
        )}
        onCheck={(keys, info) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          onChange?.(keysToGrants(nodes ?? [], list.map(String), (info.halfCheckedKeys ?? []).map(String)));
        }}
      />
    </div>
  );
}
