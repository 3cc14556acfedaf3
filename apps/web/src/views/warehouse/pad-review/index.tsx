/**
 * warehouse/pad-review: the handhelds' read sessions (the declaration's list, review and reject),
 * the upload of a session file for a device that cannot post, and each session's EPCs in a drawer.
 */
import { UnorderedListOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useScreen } from '../../../components/ScreenContext';
import { SessionEpcs } from './SessionEpcs';
import { UploadSession } from './UploadSession';

const CODE = 'warehouse/pad-review';
const def = CUSTOM_RESOURCES.find((r) => r.code === CODE)!;

export default function PadReview() {
  const { t } = useTranslation();
  const screen = useScreen();
  const [shown, setShown] = useState<{ id: number; code: string }>();
  return (
    <>
      <ResourcePage
        def={def}
        extraToolbar={({ reload }) => screen.actions.includes('upload') && <UploadSession onDone={reload} />}
        extraRowActions={(row) =>
          Number(row.epcCount) > 0 && (
            <Button
              type="link"
              size="small"
              icon={<UnorderedListOutlined />}
              onClick={() => setShown({ id: Number(row.id), code: String(row.code) })}
              data-testid="pad-epcs-open"
            >
              {t('pad.epcs')}
            </Button>
          )
        }
      />
      <SessionEpcs session={shown} onClose={() => setShown(undefined)} />
    </>
  );
}
