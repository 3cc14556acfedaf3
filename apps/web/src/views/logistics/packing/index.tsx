/**
 * logistics/packing: the outbound cartons of the warehouse's shipments (the declaration's list:
 * review, audit, cancel a review, reset — one or a selection), each certified by its read at a pack
 * station; a carton's number opens its EPCs by result (matched, short, over, foreign, unknown).
 */
import { RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useState } from 'react';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { CartonEpcs, CartonNoLink } from '../../warehouse/receiving-check/CartonEpcs';

const CODE = 'logistics/packing';
const def = RESOURCES.find((r) => r.code === CODE)!;

export default function Packing() {
  const [shown, setShown] = useState<{ id: number; cartonNo: string }>();
  return (
    <>
      <ResourcePage
        def={def}
        columnOverrides={{ cartonNo: (value, row) => <CartonNoLink value={value} id={Number(row.id)} onOpen={setShown} /> }}
      />
      <CartonEpcs screen={CODE} carton={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
