/**
 * warehouse/receiving-check: the cartons being received (the declaration's list: accept, hold, read
 * again, put away), with the docks live above it — the carton in each tunnel and its last result,
 * pushed by the server — and each carton's EPCs by result in a drawer (a carton's number, in a row or on a card).
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { CartonEpcs } from './CartonEpcs';
import { LivePanel } from './LivePanel';
import { CODE, useReceivingLive } from './live';

const def = RESOURCES.find((r) => r.code === CODE)!;

export default function ReceivingCheck() {
  const { t } = useTranslation();
  const { docks, state } = useReceivingLive();
  const [shown, setShown] = useState<{ id: number; cartonNo: string }>();
  return (
    <>
      <LivePanel
        docks={docks.data}
        loading={docks.isLoading}
        state={state}
        onOpen={(c) => setShown({ id: c.cartonId, cartonNo: c.cartonNo })}
      />
      <ResourcePage
        def={def}
        columnOverrides={{
          // the carton's number opens its EPCs (a link, not one more row button: the row's buttons keep their room)
          cartonNo: (value, row) => (
            <Tooltip title={t('carton.live.epcs')}>
              {/* the generic code cell's look (one line, cut by its cell), as a link */}
              <a
                href={`#carton-${row.id}`}
                className="resource-token resource-mono"
                onClick={(e) => {
                  e.preventDefault();
                  setShown({ id: Number(row.id), cartonNo: String(value) });
                }}
                data-testid="rcv-epcs-open"
              >
                {String(value)}
              </a>
            </Tooltip>
          ),
        }}
      />
      <CartonEpcs carton={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
