/**
 * label/tid-binding: the tag registry, each tag's EPC and the TID of the chip it was written to.
 * Bind one pair by hand, import the printer's encoded results (EPC/TID pairs: pasted, or read
 * from a sheet or text file), unbind a tag's TID after a confirmation. Refused pairs come back
 * line by line (and are recorded as exceptions by the server).
 */
import { LinkOutlined, NodeIndexOutlined, UploadOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { EPC_HEX, normalizeHex, TID_HEX } from '@tagloom/domain/resources/label/tags/format.ts';
import { Button, Form, Input, Modal, Table, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { request } from '../../../app/request';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Row } from '../../../components/resource/types';
import { ScreenContext, useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { CodesInput, checkLines, SKU_COLUMN } from './codes';
import '../epc-query/tags.css';

const CODE = 'label/tid-binding';
const def = CUSTOM_RESOURCES.find((r) => r.code === CODE)!;
/** What the bind form shows as examples: the standard's SGTIN-96 and an Impinj-like TID. */
const EXAMPLE_EPC = '3034257BF7194E4000001A85';
const EXAMPLE_TID = 'E280116020007D7D8C9A0A85';

interface BindReport {
  bound: number;
  already: number;
  refused: { line: number; epc: string; tid?: string; key: string; message: string }[];
}

/** The refused lines of a bind or an import. */
export function RefusedLines({ report }: { report: BindReport }) {
  const { t } = useTranslation();
  if (!report.refused.length) return null;
  return (
    <Table
      size="small"
      rowKey={(r) => `${r.line}-${r.epc}`}
      dataSource={report.refused}
      pagination={report.refused.length > 8 ? { pageSize: 8, size: 'small' } : false}
      data-testid="tid-refused"
      columns={[
        { title: t('tags.line'), dataIndex: 'line', width: 60 },
        { title: 'EPC', dataIndex: 'epc', width: 230, render: (v: string) => <span className="tags-mono tags-nowrap">{v}</span> },
        { title: t('tags.reason'), dataIndex: 'message' },
      ]}
      scroll={{ x: 560 }}
    />
  );
}

export default function TidBinding() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const fieldLabel = (key: string) => def.list.find((f) => f.key === key)?.label[lang] ?? key;
  const message = useMessage();
  const screen = useScreen();
  const [modal, holder] = Modal.useModal();
  const can = (a: string) => screen.actions.includes(a);
  // the screen's import is of EPC/TID pairs (below), not the generic sheet of rows
  const inner = useMemo(() => ({ ...screen, actions: screen.actions.filter((a) => a !== 'import') }), [screen]);
  const [binding, setBinding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [text, setText] = useState('');
  const [report, setReport] = useState<BindReport>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ epc: string; tid: string }>();

  const hexRule = (re: RegExp, key: string) => ({
    validator: (_: unknown, v: string) => (!v || re.test(normalizeHex(v)) ? Promise.resolve() : Promise.reject(new Error(t(key)))),
  });

  const bindOne = async (reload: () => void) => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const res = await request<BindReport>(`/${CODE}/bind`, {
        method: 'POST',
        data: { pairs: [{ epc: normalizeHex(v.epc), tid: normalizeHex(v.tid) }] },
      });
      const r = res.data;
      if (r.refused.length) message.error(r.refused[0].message);
      else {
        message.success(res.msg);
        setBinding(false);
        form.resetFields();
        reload();
      }
    } catch {
      // the request layer showed the message
    } finally {
      setBusy(false);
    }
  };

  const importPairs = async (reload: () => void) => {
    const { lines, problem } = checkLines(text, true);
    if (problem) {
      message.error(t(problem.key, problem.params));
      return;
    }
    setBusy(true);
    try {
      const res = await request<BindReport>(`/${CODE}/import`, {
        method: 'POST',
        data: { pairs: lines.map((l) => ({ epc: l.epc, tid: l.tid })) },
      });
      setReport(res.data);
      (res.data.refused.length ? message.warning : message.success)(res.msg);
      reload();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  const unbind = (row: Row, reload: () => void) =>
    modal.confirm({
      title: t('tags.unbindTitle'),
      content: t('tags.unbindConfirm', { epc: row.epc, tid: row.tid }),
      okText: t('tags.unbind'),
      okButtonProps: { danger: true, 'data-testid': 'tid-unbind-ok' },
      onOk: async () => {
        const res = await request(`/${CODE}/unbind`, { method: 'POST', data: { ids: [row.id] } });
        message.success(res.msg);
        reload();
      },
    });

  const reloadList = useRef<() => void>(() => undefined);
  return (
    <ScreenContext.Provider value={inner}>
      {holder}
      <ResourcePage
        def={def}
        columnOverrides={SKU_COLUMN}
        extraToolbar={({ reload }) => {
          reloadList.current = reload;
          return (
            <>
              {can('bind') && (
                <Button type="primary" icon={<LinkOutlined />} onClick={() => setBinding(true)} data-testid="tid-bind">
                  {t('tags.bind')}
                </Button>
              )}
              {can('import') && (
                <Button
                  icon={<UploadOutlined />}
                  onClick={() => {
                    setReport(undefined);
                    setImporting(true);
                  }}
                  data-testid="tid-import"
                >
                  {t('tags.importPairs')}
                </Button>
              )}
            </>
          );
        }}
        extraRowActions={(row, { reload }) =>
          can('unbind') &&
          !!row.tid && (
            <Button
              type="link"
              size="small"
              danger
              icon={<NodeIndexOutlined />}
              onClick={() => unbind(row, reload)}
              data-testid="tid-unbind"
            >
              {t('tags.unbind')}
            </Button>
          )
        }
      />
      <Modal
        open={binding}
        title={t('tags.bindTitle')}
        onCancel={() => setBinding(false)}
        onOk={() => void bindOne(reloadList.current)}
        okText={t('tags.bind')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'tid-bind-ok' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="epc"
            label={fieldLabel('epc')}
            rules={[{ required: true, message: t('tags.enterEpc') }, hexRule(EPC_HEX, 'tags.epcShape')]}
          >
            <Input className="mono-input" maxLength={80} placeholder={EXAMPLE_EPC} data-testid="tid-bind-epc" />
          </Form.Item>
          <Form.Item
            name="tid"
            label={fieldLabel('tid')}
            rules={[{ required: true, message: t('tags.enterTid') }, hexRule(TID_HEX, 'tags.tidShape')]}
          >
            <Input className="mono-input" maxLength={80} placeholder={EXAMPLE_TID} data-testid="tid-bind-tid" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={importing}
        title={t('tags.importTitle')}
        onCancel={() => setImporting(false)}
        onOk={() => void importPairs(reloadList.current)}
        okText={t('tags.importOk')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'tid-import-ok' }}
        width={720}
        destroyOnHidden
      >
        <CodesInput value={text} onChange={setText} pairs testId="tid-import" />
        {report && (
          <div style={{ marginTop: 12 }} data-testid="tid-import-report">
            <Typography.Paragraph>
              {t('tags.importReport', { bound: report.bound, already: report.already, refused: report.refused.length })}
            </Typography.Paragraph>
            <RefusedLines report={report} />
          </div>
        )}
      </Modal>
    </ScreenContext.Provider>
  );
}
