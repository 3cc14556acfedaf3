/** How the EPC screens draw their cells (a place by name and code, a decode, a reader and antenna, RSSI in dBm). */
import { Tag } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { DAYJS_DATE_FORMAT } from '../../../domain';
import type { EpcRow } from './epc-row';
import { PresenceBadge } from './PresenceBadge';

export const time = (v: unknown) => (v ? dayjs(String(v)).format(DAYJS_DATE_FORMAT) : '');
export const empty = <span className="ops-empty">-</span>;
export const place = (code: string | null | undefined, name: string | null | undefined): ReactNode =>
  code ? (
    <span className="epc-place">
      <span>{name || code}</span>
      {name ? <small className="ops-mono">{code}</small> : null}
    </span>
  ) : (
    empty
  );
export const dbm = (cdbm: number | null | undefined) => (cdbm === null || cdbm === undefined ? null : (cdbm / 100).toFixed(1));

/** The last reader with its antenna (EPC data). */
export const equipmentAntenna = (r: EpcRow): ReactNode =>
  r.lastEquipment ? (
    <span className="ops-mono">
      {r.lastEquipment}
      {r.lastAntenna !== null ? ` #${r.lastAntenna}` : ''}
    </span>
  ) : (
    empty
  );

/** The cells of both EPC screens' columns that are more than their value (by column key). */
export const EPC_CELLS: Record<string, (r: EpcRow) => ReactNode> = {
  gtin: (r) =>
    r.gtin ? (
      <span className="epc-place">
        <span className="ops-mono">{r.gtin}</span>
        {r.serial ? <small className="ops-mono">{r.serial}</small> : null}
      </span>
    ) : r.scheme ? (
      <Tag>{r.scheme.toUpperCase()}</Tag>
    ) : (
      empty
    ),
  readCount: (r) => r.readCount.toLocaleString(),
  lastRssiCdbm: (r) => dbm(r.lastRssiCdbm) ?? empty,
  lastLocationName: (r) => place(r.lastLocationCode, r.lastLocationName),
  presence: (r) => <PresenceBadge value={r.presence} />,
  presenceLocationName: (r) => place(r.presenceLocationCode, r.presenceLocationName),
};
