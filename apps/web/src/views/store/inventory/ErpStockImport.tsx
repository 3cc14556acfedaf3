/**
 * "Import ERP stock" (store/inventory → Differences, button import): a sheet of site code, SKU
 * barcode or GTIN and quantity — one ERP stock per site it names, under the ERP reference and time
 * given (the reference defaults to the file's fingerprint: the same file again stores nothing new).
 * The server checks every row; a refused file lists each row's problems (row and column named) and
 * nothing is written.
 */
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, DatePicker, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../../app/auth';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { request } from '../../../app/request';
import { API_BASE, Code, type Envelope } from '../../../domain';
import './Differences.css';

const URL = '/store/erp-stocks/import';
type Refusal = { msg: string; errors: { row: number; messages: string[] }[]; errorCount: number };

export function ErpStockImport({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<{ externRef?: string; time?: Dayjs }>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const close = () => {
    if (busy) return;
    setOpen(false);
    setFile(undefined);
    setRefusal(undefined);
    form.resetFields();
  };
  const submit = async () => {
    if (!file) return;
    const head = form.getFieldsValue();
    const body = new FormData();
    if (head.externRef?.trim()) body.append('externRef', head.externRef.trim());
    if (head.time) body.append('time', head.time.toISOString());
    body.append('file', file, file.name);
    setBusy(true);
    setRefusal(undefined);
    try {
      const token = getToken();
      const res = await fetch(`${API_BASE}${URL}`, {
        method: 'POST',
        headers: token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {},
        body,
      });
      const env = (await res.json()) as Envelope<unknown>;
      if (env.code === Code.OK) {
        message.success(env.msg);
        setBusy(false);
        close();
        onDone();
        return;
      }
      const data = (env.data ?? {}) as Partial<Refusal>;
      setRefusal({ msg: env.msg, errors: data.errors ?? [], errorCount: data.errorCount ?? 0 });
    } catch {
      setRefusal({ msg: t('request.network'), errors: [], errorCount: 0 });
    } finally {
      setBusy(false);
    }
  };
  const messages = refusal?.errors.flatMap((e) => e.messages) ?? [];
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => setOpen(true)} data-testid="erp-import">
        {t('differences.importErp')}
      </Button>
      <Modal
        open={open}
        title={t('differences.importErp')}
        onCancel={close}
        maskClosable={false}
        width={560}
        destroyOnHidden
        footer={
          <Space>
            <Button onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="primary" loading={busy} disabled={!file} onClick={() => void submit()} data-testid="erp-import-ok">
              {t('differences.importOk')}
            </Button>
          </Space>
        }
      >
        <div className="diff-import-hint">
          <Typography.Text type="secondary">{t('differences.importHint')}</Typography.Text>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void request('/store/erp-stocks/template').catch(() => undefined)}
            data-testid="erp-import-template"
          >
            {t('differences.template')}
          </Button>
        </div>
        <Form form={form} layout="vertical">
          <div className="diff-import-grid">
            <Form.Item
              name="externRef"
              label={t('differences.erpRef')}
              extra={t('differences.erpRefHint')}
              rules={[{ pattern: /^[A-Za-z0-9_.:/-]*$/, message: t('differences.erpRefRule') }]}
            >
              <Input maxLength={64} data-testid="erp-import-ref" />
            </Form.Item>
            <Form.Item name="time" label={t('differences.erpTime')}>
              <DatePicker showTime style={{ width: '100%' }} data-testid="erp-import-time" />
            </Form.Item>
          </div>
          <Form.Item label={t('differences.file')} required>
            <Upload.Dragger
              accept=".xlsx,.xls"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                setRefusal(undefined);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
              data-testid="erp-import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('differences.chooseFile')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
        {refusal && (
          <Alert
            type="error"
            showIcon
            title={refusal.msg}
            description={
              messages.length > 0 && (
                <>
                  {refusal.errorCount > refusal.errors.length && (
                    <Typography.Text type="secondary">
                      {t('differences.errorsShown', { shown: refusal.errors.length, count: refusal.errorCount })}
                    </Typography.Text>
                  )}
                  <ul className="diff-import-errors">
                    {messages.map((m) => (
                      <li key={m}>{m}</li>
                    ))}
                  </ul>
                </>
              )
            }
            data-testid="erp-import-refusal"
          />
        )}
      </Modal>
    </>
  );
}
