/** "Decode any EPC": paste the hex of an EPC, read what the GS1 codec makes of it (or why it refuses it). */
import { decodeEpc, isEpcError } from '@tagloom/domain/epc/index.ts';
import { hasMessage, translate } from '@tagloom/domain/i18n/index.ts';
import { Alert, Descriptions, Grid, Input, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Lang, normalizeLang } from '../../../domain';

/** A decoded field's name: the codec's own label, else the designer's, else the standard's field name. */
export function epcFieldLabel(lang: Lang, t: TFunction, key: string): string {
  for (const k of [`epc.field.${key}`, `epc.part.${key}`]) if (hasMessage(k)) return translate(lang, k);
  return t(`codingRule.epcField.${key}`, { defaultValue: key });
}

type Decoded = { ok: true; value: ReturnType<typeof decodeEpc> } | { ok: false; message: string } | undefined;

function decode(hex: string, lang: Lang): Decoded {
  const text = hex.replace(/\s+/g, '');
  if (!text) return undefined;
  try {
    return { ok: true, value: decodeEpc(text) };
  } catch (e) {
    if (!isEpcError(e)) throw e;
    const params: Record<string, unknown> = { ...e.params };
    if (typeof params.part === 'string') params.part = translate(lang, params.part);
    return { ok: false, message: `${translate(lang, 'epc.field.epc')} ${translate(lang, e.key, params)}` };
  }
}

export function EpcDecoder({ initial = '' }: { initial?: string }) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const screens = Grid.useBreakpoint();
  const [hex, setHex] = useState(initial);
  const deferred = useDeferredValue(hex);
  const result = decode(deferred, lang);
  return (
    <div className="cr-decoder" data-testid="coding-decoder">
      <Input.TextArea
        value={hex}
        onChange={(e) => setHex(e.target.value)}
        placeholder={t('codingRule.decodePlaceholder')}
        autoSize={{ minRows: 1, maxRows: 4 }}
        className="cr-mono"
        spellCheck={false}
        allowClear
        data-testid="coding-decode-input"
      />
      {result?.ok === false && <Alert type="error" showIcon title={result.message} data-testid="coding-decode-error" />}
      {result?.ok && (
        <Descriptions
          size="small"
          column={1}
          bordered
          layout={screens.sm ? 'horizontal' : 'vertical'}
          className="cr-decoded"
          data-testid="coding-decode-result"
          items={[
            { key: 'scheme', label: t('codingRule.decoded.scheme'), children: <Tag color="blue">{result.value.scheme.toUpperCase()}</Tag> },
            { key: 'uri', label: t('codingRule.decoded.uri'), children: <span className="cr-mono cr-break">{result.value.uri}</span> },
            {
              key: 'tagUri',
              label: t('codingRule.decoded.tagUri'),
              children: <span className="cr-mono cr-break">{result.value.tagUri}</span>,
            },
            ...(result.value.elementString
              ? [
                  {
                    key: 'es',
                    label: t('codingRule.decoded.elementString'),
                    children: <span className="cr-mono cr-break">{result.value.elementString}</span>,
                  },
                ]
              : []),
            ...(result.value.digitalLink
              ? [
                  {
                    key: 'dl',
                    label: t('codingRule.decoded.digitalLink'),
                    children: <span className="cr-mono cr-break">{result.value.digitalLink}</span>,
                  },
                ]
              : []),
            ...Object.entries(result.value.fields).map(([k, v]) => ({
              key: `f-${k}`,
              label: epcFieldLabel(lang, t, k),
              children: <span className="cr-mono cr-break">{String(v)}</span>,
            })),
          ]}
        />
      )}
    </div>
  );
}
