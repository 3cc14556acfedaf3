/**
 * Pad review's upload: a handheld's session document (JSON, the F4 format) sent as a file for a
 * device that cannot post it. The server checks and stores it as the device's own upload would
 * (idempotent by deviceSessionId) and names the field it refuses.
 */
import { InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../../app/auth';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { API_BASE, Code, type Envelope } from '../../../domain';

const SCREEN = 'warehouse/pad-review';

/** Posts the file as multipart; resolves with the envelope whatever its code (network failures throw). */
async function send(file: File): Promise<Envelope<unknown>> {
  const token = getToken();
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await fetch(`${API_BASE}/${SCREEN}/upload`, {
    method: 'POST',
    headers: token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {},
    body: form,
  });
  return (await res.json()) as Envelope<unknown>;
}

export function UploadSession({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const upload = async () => {
    if (!file) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      const body = await send(file);
      if (body.code === Code.OK) {
        message.success(body.msg);
        setOpen(false);
        setFile(undefined);
        onDone();
      } else setRefusal(body.msg);
    } catch {
      setRefusal(t('request.network'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)} data-testid="pad-upload">
        {t('pad.upload')}
      </Button>
      <Modal
        open={open}
        title={t('pad.uploadTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => void upload()}
        okText={t('pad.upload')}
        okButtonProps={{ disabled: !file, 'data-testid': 'pad-upload-ok' }}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('pad.uploadHint')}</Typography.Paragraph>
        <Upload.Dragger
          accept=".json,application/json"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setRefusal(undefined);
            return false;
          }}
          onRemove={() => setFile(undefined)}
          fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
          data-testid="pad-upload-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('pad.chooseFile')}</p>
        </Upload.Dragger>
        {refusal && (
          <Typography.Paragraph type="danger" style={{ marginTop: 12 }} data-testid="pad-upload-refusal">
            {refusal}
          </Typography.Paragraph>
        )}
      </Modal>
    </>
  );
}
