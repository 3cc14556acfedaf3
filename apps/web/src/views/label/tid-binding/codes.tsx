/**
 * Entering codes in bulk, for TID binding (EPC/TID pairs) and clearing tags (EPCs): a text box
 * (one a line, an EPC and its TID separated by a comma, tab or space) filled by typing, pasting or
 * reading a file — .xlsx/.xls (first sheet, first two columns, read in the browser), .csv or .txt.
 */
import { UploadOutlined } from '@ant-design/icons';
import { EPC_HEX, normalizeHex, parseHexLines, TAG_BATCH_MAX, TID_HEX } from '@tagloom/domain/resources/label/tags/format.ts';
import { Alert, Button, Input, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A tag's SKU column: the barcode the server joins (skuId is a plain id). */
export const SKU_COLUMN = {
  skuId: (_: unknown, row: Record<string, unknown>) => <span className="tags-mono">{String(row.skuBarcode || '-')}</span>,
};

export interface CodeLine {
  line: number;
  epc: string;
  tid?: string;
}

/** The lines of a text and the first problem among them (an i18n key and its values), for pairs or EPCs. */
export function checkLines(
  text: string,
  pairs: boolean,
): { lines: CodeLine[]; problem?: { key: string; params: Record<string, unknown> } } {
  const lines = parseHexLines(text);
  if (!lines.length) return { lines, problem: { key: pairs ? 'tags.enterPairs' : 'tags.enterEpcs', params: {} } };
  if (lines.length > TAG_BATCH_MAX) return { lines, problem: { key: 'tags.tooMany', params: { max: TAG_BATCH_MAX } } };
  for (const l of lines) {
    if (!EPC_HEX.test(l.epc)) return { lines, problem: { key: 'tags.badEpcLine', params: { line: l.line, code: l.epc } } };
    if (pairs && !TID_HEX.test(l.tid ?? ''))
      return { lines, problem: { key: 'tags.badTidLine', params: { line: l.line, code: l.tid ?? '' } } };
  }
  return { lines };
}

/** The text of a picked file: an Excel workbook's first sheet as "A,B" lines, or the file's text. */
async function fileText(file: File): Promise<string> {
  if (/\.xlsx?$/i.test(file.name)) {
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(await file.arrayBuffer(), { type: 'array', sheetRows: TAG_BATCH_MAX + 2 });
    const sheet = book.Sheets[book.SheetNames[0]];
    const rows = sheet ? (XLSX.utils.sheet_to_json(sheet, { header: 1, raw: false, blankrows: false }) as unknown[][]) : [];
    return rows
      .map((r) =>
        [r[0], r[1]]
          .filter((c) => c !== undefined && c !== null && String(c).trim() !== '')
          .map(String)
          .join(','),
      )
      .join('\n');
  }
  return file.text();
}

export function CodesInput({
  value,
  onChange,
  pairs,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  pairs: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const { lines } = checkLines(value, pairs);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t(pairs ? 'tags.pairsHint' : 'tags.epcsHint')}</Typography.Text>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoSize={{ minRows: 5, maxRows: 12 }}
        placeholder={pairs ? 'E280116020007D7D8C9A0A85,3034257BF7194E4000001A85' : '3034257BF7194E4000001A85'}
        className="mono-input"
        data-testid={`${testId}-text`}
        spellCheck={false}
      />
      <Space wrap>
        <Upload
          accept=".xlsx,.xls,.csv,.txt"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            setError(undefined);
            fileText(file)
              .then((text) =>
                onChange(
                  text
                    .split(/\r?\n/)
                    .map((l) => l.trim())
                    .filter(Boolean)
                    .map((l) =>
                      l
                        .split(/[,;\t ]+/)
                        .map(normalizeHex)
                        .join(','),
                    )
                    .join('\n'),
                ),
              )
              .catch(() => setError(t('tags.fileUnreadable')));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} data-testid={`${testId}-file`}>
            {t('tags.readFile')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" data-testid={`${testId}-count`}>
          {t('tags.lineCount', { count: lines.length })}
        </Typography.Text>
      </Space>
      {error && <Alert type="error" showIcon message={error} />}
    </Space>
  );
}
