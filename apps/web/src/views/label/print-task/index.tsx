/**
 * label/print-task: the generic task page (its machine's "Start printing" moves a ready task to
 * printing), plus "Download print file": a confirmed task's ZPL file (a ready task becomes printing
 * as its file is taken); several selected tasks download together, refused while one of them is
 * still unconfirmed (spec §8).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { PRINT_TASK } from '@tagloom/domain/resources/label/orders/enums.ts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceOf } from '../../../components/resource/registry';
import type { ResourceDef, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';

const def = resourceOf('label/print-task') as ResourceDef;
const PRINTABLE = new Set<unknown>([PRINT_TASK.READY, PRINT_TASK.PRINTING]);

export default function PrintTaskScreen() {
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  /** Saves each task's ZPL file, marking a ready one printing first (as Start printing would). */
  const print = async (rows: Row[], reload: () => void) => {
    if (rows.some((r) => r.status === PRINT_TASK.UNCONFIRMED)) return void message.warning(t('printTask.unconfirmed'));
    try {
      for (const row of rows) {
        if (row.status === PRINT_TASK.READY && can('print')) await request(`/${def.code}/print`, { method: 'POST', data: { id: row.id } });
        await request(`/${def.code}/zpl?id=${row.id}`);
      }
    } catch {
      // the request layer showed why
    } finally {
      reload();
    }
  };
  return (
    <ResourcePage
      def={def}
      extraRowActions={(row, { reload }) =>
        can('download') && PRINTABLE.has(row.status) ? (
          <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => void print([row], reload)} data-testid="print-file">
            {t('printTask.file')}
          </Button>
        ) : null
      }
      extraToolbar={({ selected, reload }) =>
        can('download') ? (
          <Button
            icon={<DownloadOutlined />}
            disabled={!selected.length}
            onClick={() => void print(selected, reload)}
            data-testid="print-files"
          >
            {t('printTask.files')}
          </Button>
        ) : null
      }
    />
  );
}
