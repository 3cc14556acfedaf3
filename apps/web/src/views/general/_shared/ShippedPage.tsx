/**
 * A resource page whose shipped rows (./shipped.ts) show their texts in the user's language: every
 * field with shipped texts, and every list of named items (options, attributes), gets a cell that
 * shows them, unless the screen renders that field itself.
 */
import type { ReactNode } from 'react';
import { CellValue } from '../../../components/resource/field-render';
import { ResourcePage, type ResourcePageProps } from '../../../components/resource/ResourcePage';
import type { Field, Mode, Row } from '../../../components/resource/types';
import { refsShipped, ShippedRefCell, ShippedRefSelect } from './ShippedRef';
import { useShipped } from './use-shipped';

export function ShippedPage(props: ResourcePageProps) {
  const shipped = useShipped();
  const code = props.def.code;
  const cells: Record<string, (v: unknown, row: Row) => ReactNode> = {};
  for (const f of shipped.fields(code)) cells[f] = (_v, row) => shipped.field(code, row, f);
  for (const [key, spec] of Object.entries(props.def.fields)) {
    if (spec.kind !== 'json' || !spec.items?.name) continue;
    const field = { ...spec, key } as Field;
    cells[key] = (_v, row) => <CellValue field={field} value={shipped.items(code, row, key)} />;
  }
  // references to shipped rows: shown and picked by their names in the user's language
  const inputs: NonNullable<ResourcePageProps['formOverrides']> = {};
  for (const [key, spec] of Object.entries(props.def.fields)) {
    const field = { ...spec, key } as Field;
    if (!refsShipped(field, shipped.fields)) continue;
    cells[key] = (v) => <ShippedRefCell field={field} value={v} />;
    inputs[key] = ({ mode, disabled }: { mode: Mode; disabled: boolean }) => (
      <ShippedRefSelect field={field} mode={mode} disabled={disabled} />
    );
  }
  return (
    <ResourcePage
      {...props}
      columnOverrides={{ ...cells, ...props.columnOverrides }}
      formOverrides={{ ...inputs, ...props.formOverrides }}
      rowTitle={props.rowTitle ?? ((row) => String(shipped.field(code, row, props.def.titleField) ?? ''))}
    />
  );
}
