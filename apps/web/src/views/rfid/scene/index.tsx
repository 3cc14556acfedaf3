/**
 * rfid/scene: the generic scene list, plus each scene's reader configuration (the Impinj preset and
 * the Zebra operating mode it maps to) in a drawer. Its amounts (periods, read power, reporting
 * interval) take what is typed as typed: a value with more than the two decimals the spec allows is
 * refused under its field with the reason, never rounded behind the user's back.
 */

import { Button, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceOf } from '../../../components/resource/registry';
import type { Row } from '../../../components/resource/types';
import { ReaderConfigDrawer, type ReaderConfigTarget } from './ReaderConfigDrawer';

const def = resourceOf('rfid/scene')!;

/** An amount's input as typed (no rounding to the field's scale: the shared rule says what is wrong). */
const amountInputs = Object.fromEntries(
  def.list
    .filter((f) => f.kind === 'decimal')
    .map((f) => [
      f.key,
      ({ disabled }: { disabled: boolean }) => (
        <InputNumber step={0.01} disabled={disabled} style={{ width: '100%' }} data-testid={`field-${f.key}`} />
      ),
    ]),
);

export default function Scenes() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ReaderConfigTarget>();
  return (
    <>
      <ResourcePage
        def={def}
        formOverrides={amountInputs}
        extraRowActions={(row: Row) => (
          <Button
            type="link"
            size="small"
            onClick={() => setTarget({ kind: 'scene', id: row.id, name: String(row.sceneName ?? row.sceneCode) })}
            data-testid="row-reader-config"
          >
            {t('readers.config')}
          </Button>
        )}
      />
      <ReaderConfigDrawer target={target} onClose={() => setTarget(undefined)} />
    </>
  );
}
