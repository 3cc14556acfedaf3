/**
 * warehouse/box: every carton of every bill, in and out. Print saves the chosen cartons' SSCC labels
 * as one ZPL file for a Zebra printer (the SSCC as a GS1-128 barcode).
 */
import { PrinterOutlined } from '@ant-design/icons';
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useScreen } from '../../../components/ScreenContext';

const CODE = 'warehouse/box';
const def = RESOURCES.find((r) => r.code === CODE)!;
/** Cartons a file at most (the server's limit). */
const MAX = 500;

export default function BoxList() {
  const { t } = useTranslation();
  const screen = useScreen();
  return (
    <ResourcePage
      def={def}
      extraToolbar={({ selected }) =>
        screen.actions.includes('print') ? (
          <Button
            icon={<PrinterOutlined />}
            disabled={!selected.length || selected.length > MAX}
            onClick={() =>
              void request(`/${CODE}/sscc-labels`, { method: 'POST', data: { ids: selected.map((r) => r.id) } }).catch(() => undefined)
            }
            data-testid="box-print-sscc"
          >
            {t('carton.printSscc')}
          </Button>
        ) : null
      }
    />
  );
}
