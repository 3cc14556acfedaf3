/**
 * A re-tag screen (E8): store/supplementary-bid at the stores, logistics/label-reprint at the
 * warehouses — one table, each screen over its own kind of site. The generic list and form (old
 * EPC, SKU, reason; a store's or warehouse's user works on its site's rows), and Print: the chosen
 * rows to print or printed get their labels as one ZPL file for an RFID printer under a new print
 * task — a row to print gets its new EPC then (the old one decommissioned); a printed one is
 * printed again as it is. "Mark applied" (a row's button) or the first read of the new label at
 * its site ends it.
 */
import { PrinterOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@tagloom/domain/resource/index.ts';
import { RETAG_STATUS } from '@tagloom/domain/resources/store/supplementary-bid.ts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useScreen } from '../../../components/ScreenContext';

/** Labels a print task at most (the server's limit). */
const MAX = 200;
const PRINTABLE: readonly number[] = [RETAG_STATUS.NEW, RETAG_STATUS.PRINTED];

export function RetagPage({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const [busy, setBusy] = useState(false);
  return (
    <ResourcePage
      def={def}
      extraToolbar={({ selected, reload }) => {
        if (!screen.actions.includes('print')) return null;
        const ok = selected.length > 0 && selected.length <= MAX && selected.every((r) => PRINTABLE.includes(Number(r.status)));
        return (
          <Button
            icon={<PrinterOutlined />}
            disabled={!ok}
            loading={busy}
            title={selected.length && !ok ? t('storeRetag.printWhich') : undefined}
            onClick={() => {
              setBusy(true);
              request(`/${def.code}/print`, { method: 'POST', data: { ids: selected.map((r) => r.id) } })
                .then(() => message.success(t('storeRetag.printed', { count: selected.length })))
                .catch(() => undefined)
                .finally(() => {
                  setBusy(false);
                  reload();
                });
            }}
            data-testid="retag-print"
          >
            {t('storeRetag.print')}
          </Button>
        );
      }}
    />
  );
}
