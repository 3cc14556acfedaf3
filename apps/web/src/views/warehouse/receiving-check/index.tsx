/**
 * warehouse/receiving-check: the cartons being received (the declaration's list: accept, hold, read
 * again, put away), with the docks live above it — the carton in each tunnel and its last result,
 * pushed by the server — and each carton's EPCs by result in a drawer (a carton's number, in a row or on a card).
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useState } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { CartonEpcs, CartonNoLink } from './CartonEpcs';
import { LivePanel } from './LivePanel';
import { CODE, useReceivingLive } from './live';

const def = RESOURCES.find((r) => r.code === CODE)!;

export default function ReceivingCheck() {
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
          // the carton's number opens its EPCs
          cartonNo: (value, row) => <CartonNoLink value={value} id={Number(row.id)} onOpen={setShown} />,
        }}
      />
      <CartonEpcs carton={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
