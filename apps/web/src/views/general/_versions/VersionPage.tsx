/**
 * The four software-version screens (general/version-app, -web, -net, -java): the generic resource page
 * (list, search, edit, delete) plus "New version" with the file (multipart create), a row's
 * "Upload file" (replace) and "Download" — each only when granted. Files: one, < 5 MB, type per screen.
 */
import { CloudDownloadOutlined, CloudUploadOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import type { VersionType } from '@tagloom/domain/resources/general/version.ts';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Grid, Row as GridRow, Modal, Tooltip, Upload, type UploadFile } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../../app/auth';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { FieldInput } from '../../../components/resource/field-render';
import { initialValues, toPayload, validateForm, validateValue } from '../../../components/resource/form-values';
import { formFields } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { ResourceDef, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { API_BASE, Code, type Envelope, normalizeLang } from '../../../domain';
import './versions.css';
import { ACCEPT, checkFile, fileNameOf, formatSize, MAX_BYTES, multipartFields } from './version-logic';

const headers = (): Record<string, string> => {
  const token = getToken();
  return token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {};
};

class ServerRefusal extends Error {}

/** Sends fields then one file as multipart; resolves with the server's message, throws ServerRefusal with its message. */
async function sendMultipart(url: string, fields: [string, string][], file: File): Promise<string> {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  form.append('file', file, file.name);
  const res = await fetch(`${API_BASE}${url}`, { method: 'POST', headers: headers(), body: form });
  let body: Envelope<unknown> | undefined;
  try {
    body = (await res.json()) as Envelope<unknown>;
  } catch {
    body = undefined;
  }
  if (!body || typeof body.code !== 'number') throw new ServerRefusal(`HTTP ${res.status}`);
  if (body.code !== Code.OK) {
    const fieldMsgs = (body.data as { fields?: { message: string }[] } | null)?.fields?.map((f) => f.message) ?? [];
    throw new ServerRefusal([body.msg, ...fieldMsgs.filter((m) => !body!.msg?.includes(m))].filter(Boolean).join(' — ') || 'Error');
  }
  return body.msg;
}

/** Streams a version's file to the browser's downloads (any content type). */
async function downloadFile(code: string, row: Row): Promise<void> {
  const res = await fetch(`${API_BASE}/${code}/download?id=${row.id}`, { headers: headers() });
  const type = res.headers.get('content-type') ?? '';
  if (!res.ok || type.includes('application/json')) {
    let msg = `HTTP ${res.status}`;
    try {
      const body = (await res.json()) as Envelope<unknown>;
      if (body.code === Code.OK) return;
      msg = body.msg || msg;
    } catch {
      // not JSON
    }
    throw new ServerRefusal(msg);
  }
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition'), String(row.fileName || 'download'));
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type UploadTarget = { mode: 'create' } | { mode: 'replace'; row: Row };

function UploadModal({
  def,
  type,
  target,
  onClose,
  onDone,
}: {
  def: ResourceDef;
  type: VersionType;
  target?: UploadTarget;
  onClose: () => void;
  onDone: (msg: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [file, setFile] = useState<File | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  // what the dialog shows: kept while it fades out, so its content does not collapse on close
  const [last, setLast] = useState<UploadTarget | undefined>(target);
  const shown = target ?? last;
  const fields = formFields(def, 'create');

  useEffect(() => {
    if (!target) return;
    setLast(target);
    form.resetFields();
    form.setFieldsValue(initialValues(def, 'create'));
    setFile(undefined);
    setFileError(undefined);
  }, [target, def, form]);

  const problemText = (p: string) => t(`versions.file.${p}`, { exts: ACCEPT[type].join(', '), max: formatSize(MAX_BYTES) });

  const submit = async () => {
    let payload: Record<string, unknown> = {};
    if (target?.mode === 'create') {
      let values: Record<string, unknown>;
      try {
        values = await form.validateFields();
      } catch {
        return; // the form shows what is wrong
      }
      const errors = validateForm(def, values, 'create', lang);
      if (errors.length) {
        form.setFields(errors.map((e) => ({ name: e.field.split('.')[0], errors: [e.message] })));
        return;
      }
      payload = toPayload(def, values, 'create');
    }
    if (!file) {
      setFileError(t('versions.file.required'));
      return;
    }
    setSaving(true);
    try {
      const msg =
        target?.mode === 'replace'
          ? await sendMultipart(`/${def.code}/upload`, [['id', String(target.row.id)]], file)
          : await sendMultipart(`/${def.code}/create`, multipartFields(payload), file);
      onDone(msg);
    } catch (err) {
      message.error(err instanceof ServerRefusal ? err.message : t('versions.file.failed'));
    } finally {
      setSaving(false);
    }
  };

  const picker = (
    <div data-testid="version-upload">
      <Upload.Dragger
        accept={ACCEPT[type].join(',')}
        maxCount={1}
        multiple={false}
        fileList={file ? [{ uid: 'f', name: `${file.name} (${formatSize(file.size)})`, status: 'done' } as UploadFile] : []}
        beforeUpload={(f, list) => {
          if (list.length > 1) {
            setFileError(t('versions.file.oneFile'));
            return Upload.LIST_IGNORE;
          }
          const problem = checkFile(type, f);
          if (problem) {
            setFileError(problemText(problem));
            return Upload.LIST_IGNORE;
          }
          setFile(f);
          setFileError(undefined);
          return false;
        }}
        onRemove={() => setFile(undefined)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('versions.file.drop')}</p>
        <p className="ant-upload-hint">{t('versions.file.hint', { exts: ACCEPT[type].join(', '), max: formatSize(MAX_BYTES) })}</p>
      </Upload.Dragger>
      {fileError && (
        <div className="ant-form-item-explain-error" role="alert" data-testid="version-file-error" style={{ marginTop: 4 }}>
          {fileError}
        </div>
      )}
    </div>
  );

  return (
    <Modal
      title={shown?.mode === 'replace' ? t('versions.replaceTitle', { name: shown.row.versionName }) : t('versions.createTitle')}
      open={!!target}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('versions.upload')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'version-upload-save' }}
      width={shown?.mode === 'replace' ? 520 : 760}
      forceRender
      maskClosable={false}
    >
      {shown?.mode === 'create' && (
        <Form form={form} layout="vertical" data-testid="version-form">
          <GridRow gutter={16}>
            {fields.map((f) => (
              <Col key={f.key} span={screens.md && f.kind !== 'textarea' ? 12 : 24}>
                <Form.Item
                  name={f.key}
                  label={f.label[lang]}
                  required={f.required && f.default === undefined}
                  rules={[
                    {
                      validator: async (_r, value) => {
                        const msg = validateValue(f, value, lang);
                        if (msg) throw new Error(msg);
                      },
                    },
                  ]}
                >
                  <FieldInput field={f} mode="create" disabled={false} />
                </Form.Item>
              </Col>
            ))}
          </GridRow>
        </Form>
      )}
      {picker}
    </Modal>
  );
}

export function VersionPage({ type }: { type: VersionType }) {
  const { t } = useTranslation();
  const def = CUSTOM_RESOURCES.find((r) => r.code === `general/version-${type}`)!;
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<UploadTarget | undefined>();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['resource', def.code] });
  const download = (row: Row) =>
    downloadFile(def.code, row).catch((e: Error) => message.error(e instanceof ServerRefusal ? e.message : t('versions.file.failed')));

  return (
    <div data-testid="versions" data-type={type}>
      <ResourcePage
        def={def}
        columnOverrides={{
          // the file name downloads it (when granted): the action cell keeps room for Edit, Delete and Upload file
          fileName: (v, row) =>
            v ? (
              <span data-testid="version-file" className="version-file">
                {can('download') ? (
                  <Tooltip title={t('versions.download')}>
                    <Button
                      type="link"
                      size="small"
                      icon={<CloudDownloadOutlined />}
                      onClick={() => download(row)}
                      data-testid="version-download"
                    >
                      {String(v)}
                    </Button>
                  </Tooltip>
                ) : (
                  String(v)
                )}{' '}
                <small style={{ opacity: 0.65 }}>{formatSize(row.fileSize)}</small>
              </span>
            ) : (
              <span style={{ opacity: 0.5 }}>{t('versions.noFile')}</span>
            ),
          fileSize: (v) => formatSize(v),
        }}
        extraToolbar={() =>
          can('add') && (
            <Button icon={<CloudUploadOutlined />} onClick={() => setTarget({ mode: 'create' })} data-testid="version-new">
              {t('versions.newWithFile')}
            </Button>
          )
        }
        extraRowActions={(row) =>
          can('upload') && (
            <Tooltip title={t('versions.replace')}>
              <Button
                type="link"
                size="small"
                icon={<UploadOutlined />}
                aria-label={t('versions.replace')}
                onClick={() => setTarget({ mode: 'replace', row })}
                data-testid="version-replace"
              />
            </Tooltip>
          )
        }
      />
      <UploadModal
        def={def}
        type={type}
        target={target}
        onClose={() => setTarget(undefined)}
        onDone={(msg) => {
          message.success(msg || t('common.success'));
          setTarget(undefined);
          refresh();
        }}
      />
    </div>
  );
}
