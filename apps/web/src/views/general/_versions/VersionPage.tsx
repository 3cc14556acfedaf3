/**
 * The four software-version screens (general/version-app, -web, -net, -java): the generic resource page
 * (list, search, edit, delete) plus "New version" with its file in one dialog, a row's "Upload file"
 * (replace) and "Download" — each only when granted. The file is the declaration's file field
 * (`fileId`: kinds per screen, size, same bytes refused), uploaded by the shared FileField.
 */
import { CloudDownloadOutlined, CloudUploadOutlined, UploadOutlined } from '@ant-design/icons';
import type { VersionType } from '@tagloom/domain/resources/general/version.ts';
import { CUSTOM_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Grid, Row as GridRow, Modal, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { RequestError, request } from '../../../app/request';
import { FileField, formatSize } from '../../../components/resource/FileField';
import { FieldInput } from '../../../components/resource/field-render';
import { initialValues, toPayload, validateForm, validateValue } from '../../../components/resource/form-values';
import { formFields } from '../../../components/resource/model';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { ResourceDef, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import './versions.css';

const FILE = 'fileId';

type UploadTarget = { mode: 'create' } | { mode: 'replace'; row: Row };

function UploadModal({
  def,
  target,
  onClose,
  onDone,
}: {
  def: ResourceDef;
  target?: UploadTarget;
  onClose: () => void;
  onDone: (msg: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm();
  const [fileId, setFileId] = useState<unknown>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [saving, setSaving] = useState(false);
  // what the dialog shows: kept while it fades out, so its content does not collapse on close
  const [last, setLast] = useState<UploadTarget | undefined>(target);
  const shown = target ?? last;
  const fileField = def.list.find((f) => f.key === FILE)!;
  const fields = formFields(def, 'create').filter((f) => f.key !== FILE);

  useEffect(() => {
    if (!target) return;
    setLast(target);
    form.resetFields();
    form.setFieldsValue(initialValues(def, 'create'));
    setFileId(target.mode === 'replace' ? (target.row[FILE] ?? null) : null);
    setFileError(undefined);
  }, [target, def, form]);

  const submit = async () => {
    if (target?.mode === 'replace') {
      onDone('');
      return;
    }
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
    if (busy) {
      setFileError(t('files.uploading'));
      return;
    }
    if (!fileId) {
      // a refused file says again why; no file says to choose one
      if (fileError) message.error(fileError);
      else setFileError(t('files.required'));
      return;
    }
    setSaving(true);
    try {
      const res = await request<Row>(`/${def.code}/create`, {
        method: 'POST',
        data: { ...toPayload(def, values, 'create'), [FILE]: fileId },
        silent: true,
      });
      onDone(res.msg);
    } catch (err) {
      message.error(err instanceof RequestError ? err.message : t('files.failed'));
    } finally {
      setSaving(false);
    }
  };

  const replacing = shown?.mode === 'replace' ? shown.row : undefined;
  const picker = (
    <FileField
      field={fileField}
      mode={replacing ? 'edit' : 'create'}
      code={def.code}
      value={fileId}
      onChange={setFileId}
      rowId={replacing ? Number(replacing.id) : undefined}
      testId="version-upload"
      errorTestId="version-file-error"
      onProblem={setFileError}
      onBusy={setBusy}
    />
  );

  return (
    <Modal
      title={replacing ? t('versions.replaceTitle', { name: replacing.versionName }) : t('versions.createTitle')}
      open={!!target}
      onOk={submit}
      onCancel={replacing ? () => onDone('') : onClose}
      confirmLoading={saving}
      okText={replacing ? t('common.confirm') : t('versions.upload')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'version-upload-save', disabled: busy }}
      cancelButtonProps={replacing ? { style: { display: 'none' } } : undefined}
      width={replacing ? 520 : 760}
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
      {target && picker}
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
  const download = (row: Row) => void request(`/${def.code}/download`, { params: { id: row.id } }).catch(() => undefined);

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
          can('add') &&
          can('upload') && (
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
        target={target}
        onClose={() => setTarget(undefined)}
        onDone={(msg) => {
          if (msg) message.success(msg);
          setTarget(undefined);
          refresh();
        }}
      />
    </div>
  );
}
