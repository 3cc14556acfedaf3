/**
 * label/epc-query: find one tag by its EPC (24–64 hex) or unique code (the chip's TID): its status,
 * SKU and goods, label order, TID and the EPC decoded (scheme, pure-identity and tag URIs, GS1
 * element string, Digital Link). The registry's rows are listed below (search, export).
 */
import { ClockCircleOutlined, SearchOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { EPC_HEX, normalizeHex, TID_HEX } from '@tagloom/domain/resources/label/tags/format.ts';
import { Alert, Button, Card, Descriptions, Empty, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMessage } from '../../../app/bridge';
import { fetchData } from '../../../app/request';
import { EnumValue } from '../../../components/resource/field-render';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import { useCan } from '../../../components/ScreenContext';
import { SKU_COLUMN } from '../tid-binding/codes';
import './tags.css';
import { Whereabouts } from './Whereabouts';

const def = CUSTOM_RESOURCES.find((r) => r.code === 'label/epc-query')!;

interface Lookup {
  code: string;
  found: boolean;
  tag: Record<string, unknown> | null;
  sku: Record<string, string> | null;
  order: { id: number; code: string } | null;
  decoded: {
    scheme: string;
    uri: string;
    tagUri: string;
    elementString?: string;
    digitalLink?: string;
    gtin?: string;
    serial?: string;
    filter?: number;
  } | null;
  decodeError: string | null;
}

const mono = (v: unknown) => (v === undefined || v === null || v === '' ? '-' : <span className="tags-mono">{String(v)}</span>);

export default function EpcQuery() {
  const { t } = useTranslation();
  const message = useMessage();
  const canQuery = useCan('query');
  const [result, setResult] = useState<Lookup>();
  const [loading, setLoading] = useState(false);
  const navigate = useNavigate();

  const search = async (raw: string) => {
    const code = normalizeHex(raw);
    if (!code) return;
    if (!EPC_HEX.test(code) && !TID_HEX.test(code)) {
      message.error(t('tags.epcShape'));
      return;
    }
    setLoading(true);
    try {
      setResult(await fetchData<Lookup>('/label/epc-query/lookup', { params: { code } }));
    } catch {
      // shown by the request layer
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="tags-page">
      {canQuery && (
        <Card className="page-card tags-card" size="small">
          <Input.Search
            placeholder={t('tags.epcQueryPlaceholder')}
            enterButton={
              <Space size={4}>
                <SearchOutlined />
                {t('tags.query')}
              </Space>
            }
            allowClear
            loading={loading}
            onSearch={(v) => void search(v)}
            className="tags-search"
            maxLength={80}
            data-testid="epc-query-input"
          />
          {result && !result.found && (
            <Alert
              type="warning"
              showIcon
              className="tags-alert"
              message={t('tags.notFound', { code: result.code })}
              data-testid="epc-query-none"
            />
          )}
          {result?.found && result.tag && (
            <Button
              icon={<ClockCircleOutlined />}
              className="tags-lifecycle-link"
              onClick={() => navigate(`/label/lifecycle?epc=${String(result.tag?.epc)}`)}
              data-testid="epc-query-lifecycle"
            >
              {t('tags.viewLifecycle')}
            </Button>
          )}
          {(result?.found && result.tag) || (result && EPC_HEX.test(result.code)) ? (
            <div className="tags-identity-grid">
              {result?.found && result.tag ? (
                <Descriptions
                  className="tags-desc"
                  size="small"
                  bordered
                  column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 3 }}
                  data-testid="epc-query-result"
                  items={[
                    { key: 'epc', label: 'EPC', children: mono(result.tag.epc) },
                    {
                      key: 'status',
                      label: t('tags.status'),
                      children: <EnumValue enumName="TagStatus" value={result.tag.status} testId="epc-query-status" />,
                    },
                    { key: 'tid', label: 'TID', children: mono(result.tag.tid) },
                    { key: 'order', label: t('tags.order'), children: mono(result.order?.code) },
                    { key: 'sku', label: t('tags.skuBarcode'), children: mono(result.sku?.skuBarcode) },
                    { key: 'style', label: t('tags.styleNumber'), children: mono(result.sku?.styleNumber) },
                    { key: 'goods', label: t('tags.goodsName'), children: result.sku?.goodsName ?? '-' },
                    {
                      key: 'colourSize',
                      label: t('tags.colourSize'),
                      children: result.sku ? `${result.sku.colour} / ${result.sku.size}` : '-',
                    },
                    { key: 'gtin', label: 'GTIN', children: mono(result.decoded?.gtin ?? result.tag.gtin) },
                    { key: 'serial', label: t('tags.serial'), children: mono(result.tag.serial) },
                    { key: 'scheme', label: t('tags.scheme'), children: result.decoded ? result.decoded.scheme.toUpperCase() : '-' },
                    { key: 'uri', label: t('tags.uri'), children: mono(result.decoded?.uri), span: 'filled' },
                    { key: 'tagUri', label: t('tags.tagUri'), children: mono(result.decoded?.tagUri), span: 'filled' },
                    ...(result.decoded?.digitalLink
                      ? [{ key: 'link', label: t('tags.digitalLink'), children: mono(result.decoded.digitalLink), span: 'filled' as const }]
                      : []),
                    ...(result.decodeError
                      ? [{ key: 'err', label: t('tags.decodeError'), children: result.decodeError, span: 'filled' as const }]
                      : []),
                  ]}
                />
              ) : null}
              <Whereabouts epc={String(result?.tag?.epc ?? result?.code)} />
            </div>
          ) : null}
          {!result && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tags.epcQueryHint')} />}
        </Card>
      )}
      <ResourcePage def={def} columnOverrides={SKU_COLUMN} />
    </div>
  );
}
