/**
 * The role screens' page (general/role, tenant/role): the resource page with the shipped roles'
 * names in the user's language and the built-in role marked and kept, plus "Assign" on each row,
 * which opens `assign` (the screen's own drawer of the role's screens and buttons).
 */
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourcePageProps } from '../../../components/resource/ResourcePage';
import type { Row } from '../../../components/resource/types';
import { useCan } from '../../../components/ScreenContext';
import { ShippedPage } from '../_shared/ShippedPage';
import { useShipped } from '../_shared/use-shipped';

/** the platform's and the tenants' roles are the same rows: their shipped texts are kept under the platform screen's code */
const SHIPPED_AS = 'general/role';

export function RolePage({
  testId,
  creatorOnly = false,
  assign,
  columnOverrides,
  ...page
}: Pick<ResourcePageProps, 'def' | 'columnOverrides' | 'formOverrides' | 'searchOverrides'> & {
  testId: string;
  /** a role is edited and deleted by its creator only (the list rows carry `mine`) */
  creatorOnly?: boolean;
  assign: (row: Row | undefined, close: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const shipped = useShipped();
  const canAssign = useCan('assign');
  const [assigning, setAssigning] = useState<Row | undefined>();
  return (
    <div data-testid={testId}>
      <ShippedPage
        {...page}
        columnOverrides={{
          ...columnOverrides,
          // the shipped roles (tenant administrator, read-only user) in the user's language
          name: (_v, row) => (
            <Space size={4}>
              <span>{shipped.field(SHIPPED_AS, row, 'name')}</span>
              {row.builtIn ? <Tag color="gold">{t('roleAdmin.builtIn')}</Tag> : null}
            </Space>
          ),
        }}
        rowTitle={(row) => String(shipped.field(SHIPPED_AS, row, 'name') ?? '')}
        rowRefusal={(row, action) =>
          creatorOnly && !row.mine ? t('roleAdmin.notMine') : action === 'delete' && row.builtIn ? t('roleAdmin.builtInKept') : undefined
        }
        extraRowActions={(row) =>
          canAssign ? (
            <Tooltip title={t('roleAdmin.assign')}>
              <Button
                type="link"
                size="small"
                icon={<SafetyCertificateOutlined />}
                aria-label={t('roleAdmin.assign')}
                onClick={() => setAssigning(row)}
                data-testid="role-assign"
              />
            </Tooltip>
          ) : null
        }
      />
      {assign(assigning, () => setAssigning(undefined))}
    </div>
  );
}
