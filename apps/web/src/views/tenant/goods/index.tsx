/**
 * tenant/goods: the generic goods page, plus the SKU sheet: every SKU as a row naming its goods by
 * style number, imported and exported as jobs like the goods sheet (the goods screen's buttons).
 */
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES, RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runExport } from '../../../components/jobs/export';
import { ImportModal } from '../../../components/resource/ImportModal';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { ResourceDef } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';

const goodsDef = RESOURCES.find((d) => d.code === 'tenant/goods') as ResourceDef;
const skuDef = CUSTOM_RESOURCES.find((d) => d.code === 'tenant/goods-sku') as ResourceDef;

export default function GoodsScreen() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <ResourcePage
        def={goodsDef}
        extraToolbar={() => (
          <>
            {can('import') && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="sku-import">
                {t('goods.skuImport')}
              </Button>
            )}
            {can('export') && (
              <Button
                icon={<DownloadOutlined />}
                onClick={() => void runExport(skuDef.code, skuDef.names[lang], {})}
                data-testid="sku-export"
              >
                {t('goods.skuExport')}
              </Button>
            )}
          </>
        )}
      />
      {can('import') && (
        <ImportModal
          def={skuDef}
          open={importing}
          onClose={() => setImporting(false)}
          onImported={() => void queryClient.invalidateQueries({ queryKey: ['resource', goodsDef.code] })}
        />
      )}
    </>
  );
}
