/**
 * Coding-rule templates (general/template-coding-rule): the generic page (shipped rows in the user's
 * language) whose form designs the rule's domains (./DomainDesigner: bit bar, live sample, warnings,
 * EPC decoder); the list shows each rule's sample and its warnings; "Decode EPC" in the toolbar.
 */
import { BarcodeOutlined, WarningOutlined } from '@ant-design/icons';
import type { CodingWarning } from '@tagloom/domain/coding/index.ts';
import { translate } from '@tagloom/domain/i18n/index.ts';
import { Button, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceOf } from '../../../components/resource/registry';
import { normalizeLang } from '../../../domain';
import { ShippedPage } from '../_shared/ShippedPage';
import { useShipped } from '../_shared/use-shipped';
import { DomainDesigner } from './DomainDesigner';
import { EpcDecoder } from './EpcDecoder';
import './coding-rule.css';

const CODE = 'general/template-coding-rule';
const def = resourceOf(CODE)!;

export default function TemplateCodingRule() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const shipped = useShipped();
  const [decoding, setDecoding] = useState(false);
  return (
    <>
      <ShippedPage
        def={def}
        columnOverrides={{
          name: (_v, row) => {
            const warnings = Array.isArray(row.warnings)
              ? (row.warnings as CodingWarning[]).map((w) => translate(lang, w.key, w.params))
              : [];
            return (
              <span className="cr-name">
                {shipped.field(CODE, row, 'name')}
                {!!warnings.length && (
                  <Tooltip
                    title={
                      <ul className="cr-warnings">
                        {warnings.map((w) => (
                          <li key={w}>{w}</li>
                        ))}
                      </ul>
                    }
                  >
                    <WarningOutlined className="cr-name-warn" aria-label={t('codingRule.warnings')} data-testid="coding-row-warning" />
                  </Tooltip>
                )}
              </span>
            );
          },
          sample: (v) => <span className="cr-mono">{String(v ?? '')}</span>,
        }}
        formOverrides={{ domains: ({ disabled }) => <DomainDesigner def={def} disabled={disabled} /> }}
        extraToolbar={() => (
          <Button icon={<BarcodeOutlined />} onClick={() => setDecoding(true)} data-testid="coding-decode-open">
            {t('codingRule.decodeTitle')}
          </Button>
        )}
      />
      <Modal
        title={t('codingRule.decodeTitle')}
        open={decoding}
        onCancel={() => setDecoding(false)}
        footer={null}
        width={640}
        destroyOnHidden
      >
        <EpcDecoder />
      </Modal>
    </>
  );
}
