/**
 * label/purchase-order: the generic order page (lines, attachments, the state machine's actions with
 * their checks), with Get EPC's progress in the EPC column and the wizard one click away.
 */
import { FileDoneOutlined } from '@ant-design/icons';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermissionStore } from '../../../app/stores/permission';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { ResourceDef } from '../../../components/resource/types';
import { EpcProgress } from './EpcProgress';

const def = RESOURCES.find((d) => d.code === 'label/purchase-order') as ResourceDef;

export default function LabelOrderScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wizard = usePermissionStore((s) => s.built?.routes.find((r) => r.code === 'label/purchase-order-wizard'));
  return (
    <ResourcePage
      def={def}
      columnOverrides={{ epcState: (_v, row) => <EpcProgress row={row} code={def.code} /> }}
      extraToolbar={() =>
        wizard?.actions.includes('add') ? (
          <Button icon={<FileDoneOutlined />} onClick={() => navigate(wizard.path)} data-testid="open-wizard">
            {t('labelOrder.byWizard')}
          </Button>
        ) : null
      }
    />
  );
}
