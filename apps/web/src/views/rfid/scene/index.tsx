/**
 * rfid/scene: the generic scene list, plus each scene's reader configuration (the Impinj preset and
 * the Zebra operating mode it maps to) in a drawer. Its amounts (periods, read power, reporting
 * interval) are the generic decimal inputs: taken as typed, a value with more than the two decimals
 * the spec allows refused under its field with the reason, never rounded behind the user's back.
 */

import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { resourceOf } from '../../../components/resource/registry';
import type { Row } from '../../../components/resource/types';
import { ReaderConfigDrawer, type ReaderConfigTarget } from './ReaderConfigDrawer';

const def = resourceOf('rfid/scene')!;

export default function Scenes() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<ReaderConfigTarget>();
  return (
    <>
      <ResourcePage
        def={def}
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
