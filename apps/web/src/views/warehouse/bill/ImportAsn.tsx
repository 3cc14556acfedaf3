/**
 * Bill management's "Import ASN": a factory's spreadsheet (carton no. or SSCC, SKU code or
 * barcode/GTIN, quantity, EPC optional) made into an advance shipping notice in transit — the
 * receiving warehouse (a warehouse's user's own), the sending factory, the expected arrival and the
 * PO or reference with the file, and whether the receipt needs a quality inspection (its review
 * waits for it). The server checks every row; a refused file lists each row's
 * problems (row and column named) and nothing is written. A small file is answered at once; a
 * large one (over 2,000 rows) is imported by a job: its phase, a bar and Cancel are shown here (and
 * in My jobs, the dialog may be closed meanwhile), then the bill made or the rows refused.
 */
import { DownloadOutlined, ImportOutlined, InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, DatePicker, Form, Input, Modal, Space, Typography, Upload } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoginType, getToken } from '../../../app/auth';
import { useMessage } from '../../../app/bridge';
import { currentLang } from '../../../app/i18n';
import { fetchData, request } from '../../../app/request';
import { cancelJob, followJob, type Job } from '../../../components/jobs/api';
import { JobProgress } from '../../../components/jobs/JobProgress';
import '../../../components/jobs/jobs.css';
import { RefSelect } from '../../../components/resource/RefSelect';
import type { Field, ResourceDef } from '../../../components/resource/types';
import { API_BASE, Code, type Envelope } from '../../../domain';
import './import-asn.css';

const URL = '/warehouse/bill/import-asn';

interface Head {
  destLocationId?: number;
  factoryId?: number;
  expectedAt?: Dayjs;
  reservationNo?: string;
  /** the receipt's review waits for its quality inspection */
  needsInspection?: boolean;
}
type Refusal = { msg: string; errors: { row: number; messages: string[] }[]; errorCount: number };
/** What an import made (the answer of a small file, the result of a job). */
type Made = { id: number; code: string; cartons: number; pieces: number; epcs: number };

/** Posts the head and the file as multipart; resolves with the envelope whatever its code. */
async function send(head: Head, file: File): Promise<Envelope<unknown>> {
  const token = getToken();
  const form = new FormData();
  if (head.destLocationId) form.append('destLocationId', String(head.destLocationId));
  if (head.factoryId) form.append('factoryId', String(head.factoryId));
  if (head.expectedAt) form.append('expectedAt', head.expectedAt.format('YYYY-MM-DD'));
  if (head.reservationNo) form.append('reservationNo', head.reservationNo.trim());
  if (head.needsInspection) form.append('needsInspection', '1');
  form.append('file', file, file.name);
  const res = await fetch(`${API_BASE}${URL}`, {
    method: 'POST',
    headers: token ? { token, loginType: getLoginType() ?? '1', langeType: currentLang() } : {},
    body: form,
  });
  return (await res.json()) as Envelope<unknown>;
}

export function ImportAsn({ def, onDone }: { def: ResourceDef; onDone: () => void }) {
  const { t } = useTranslation();
  const message = useMessage();
  const [form] = Form.useForm<Head>();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal>();
  const [job, setJob] = useState<Job>();
  const [cancelling, setCancelling] = useState(false);
  const [made, setMade] = useState<{ made: Made }>();
  const following = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => following.current?.abort(), []);
  const refusalBox = useRef<HTMLDivElement>(null);
  const jobBox = useRef<HTMLDivElement>(null);
  // a job's progress, then what it made, below the file: brought into sight (a phone's dialog is taller than its screen)
  const started = !!job;
  useEffect(() => {
    if (started || made) jobBox.current?.scrollIntoView({ block: 'nearest' });
  }, [started, made]);
  // the refused rows below the file: brought into sight
  useEffect(() => {
    if (refusal) refusalBox.current?.scrollIntoView({ block: 'nearest' });
  }, [refusal]);
  const fieldOf = (key: string) => def.list.find((f) => f.key === key)!;
  // the receiving warehouse: a warehouse (a warehouse's user sees its own only)
  const warehouse: Field = {
    ...fieldOf('destLocationId'),
    ref: { ...fieldOf('destLocationId').ref!, resource: 'tenant/warehouse', labelField: 'name' },
  };
  // the sending factory: any of the tenant's (a warehouse's user sees none on the factory screen)
  const factory: Field = {
    ...fieldOf('factoryId'),
    ref: { ...fieldOf('factoryId').ref!, resource: 'warehouse/bill-factory', labelField: 'name' },
  };

  const show = async () => {
    setOpen(true);
    setRefusal(undefined);
    // a user of one warehouse imports into it: chosen for it
    try {
      const page = await fetchData<{ list: { value: number }[]; total: number }>('/tenant/warehouse/options?page=1', { silent: true });
      if (page.total === 1 && !form.getFieldValue('destLocationId')) form.setFieldValue('destLocationId', page.list[0].value);
    } catch {
      // no warehouse list to read: the user picks
    }
  };
  const close = () => {
    // a job goes on in the background (My jobs follows it); a request being answered is waited for
    if (busy && !job) return;
    following.current?.abort();
    if (job) onDone();
    setBusy(false);
    setOpen(false);
    setFile(undefined);
    setRefusal(undefined);
    setJob(undefined);
    setMade(undefined);
    form.resetFields();
  };
  const cancel = async () => {
    if (!job) return;
    setCancelling(true);
    try {
      await cancelJob(job.id);
    } catch {
      // it ended meanwhile: the stream says how
    } finally {
      setCancelling(false);
    }
  };
  /** Follows the import's job to its end: the bill made, or the refused rows. */
  const follow = async (id: string) => {
    const ctrl = new AbortController();
    following.current = ctrl;
    const ended = await followJob(id, setJob, ctrl.signal);
    if (ended.state === 'done') {
      setMade({ made: ended.result as Made });
      onDone();
      return;
    }
    const data = ((ended.result as { data?: Partial<Refusal> } | null)?.data ?? {}) as Partial<Refusal>;
    setRefusal({ msg: ended.message, errors: data.errors ?? [], errorCount: data.errorCount ?? 0 });
  };
  const submit = async () => {
    let head: Head;
    try {
      head = await form.validateFields();
    } catch {
      return; // the form marks its fields
    }
    if (!file) return;
    setBusy(true);
    setRefusal(undefined);
    setMade(undefined);
    setJob(undefined);
    try {
      const body = await send(head, file);
      const jobId = (body.data as { jobId?: string } | null)?.jobId;
      if (body.code === Code.OK && jobId) {
        await follow(jobId);
        return;
      }
      if (body.code === Code.OK) {
        message.success(body.msg);
        setBusy(false);
        close();
        onDone();
        return;
      }
      const data = (body.data ?? {}) as Partial<Refusal>;
      setRefusal({ msg: body.msg, errors: data.errors ?? [], errorCount: data.errorCount ?? 0 });
    } catch {
      if (following.current?.signal.aborted) return;
      setRefusal({ msg: t('request.network'), errors: [], errorCount: 0 });
    } finally {
      setBusy(false);
    }
  };

  const messages = refusal?.errors.flatMap((e) => e.messages) ?? [];
  return (
    <>
      <Button icon={<ImportOutlined />} onClick={() => void show()} data-testid="asn-import">
        {t('asnImport.title')}
      </Button>
      <Modal
        open={open}
        title={t('asnImport.title')}
        onCancel={close}
        maskClosable={false}
        width={600}
        rootClassName="asn-import"
        footer={
          <Space>
            <Button onClick={close} disabled={busy && !job} data-testid="asn-import-close">
              {made || job ? t('jobs.close') : t('common.cancel')}
            </Button>
            {made ? (
              <Button
                type="primary"
                onClick={() => {
                  setMade(undefined);
                  setJob(undefined);
                  setFile(undefined);
                }}
                data-testid="asn-import-another"
              >
                {t('asnImport.another')}
              </Button>
            ) : (
              <Button type="primary" loading={busy} disabled={!file} onClick={() => void submit()} data-testid="asn-import-ok">
                {t('asnImport.ok')}
              </Button>
            )}
          </Space>
        }
        destroyOnHidden
      >
        <div className="asn-import-hint">
          <Typography.Text type="secondary">{t('asnImport.hint')}</Typography.Text>
          <Button
            type="link"
            icon={<DownloadOutlined />}
            onClick={() => void request(`${URL}/template`).catch(() => undefined)}
            data-testid="asn-import-template"
          >
            {t('asnImport.template')}
          </Button>
        </div>
        <Form form={form} layout="vertical" className="asn-import-form" requiredMark>
          <div className="asn-import-grid">
            <Form.Item name="destLocationId" label={t('asnImport.dest')} rules={[{ required: true, message: t('asnImport.destNeeded') }]}>
              <RefSelect field={warehouse} testId="asn-import-dest" />
            </Form.Item>
            <Form.Item name="factoryId" label={t('asnImport.factory')} rules={[{ required: true, message: t('asnImport.factoryNeeded') }]}>
              <RefSelect field={factory} testId="asn-import-factory" />
            </Form.Item>
            <Form.Item name="expectedAt" label={t('asnImport.expectedAt')}>
              <DatePicker style={{ width: '100%' }} data-testid="asn-import-expected" />
            </Form.Item>
            <Form.Item
              name="reservationNo"
              label={t('asnImport.reference')}
              rules={[{ pattern: /^[A-Za-z0-9_-]*$/, message: t('asnImport.referenceRule') }]}
            >
              <Input placeholder={t('asnImport.referencePlaceholder')} maxLength={32} data-testid="asn-import-reference" />
            </Form.Item>
          </div>
          <Form.Item name="needsInspection" valuePropName="checked">
            <Checkbox data-testid="asn-import-inspection">{t('asnImport.needsInspection')}</Checkbox>
          </Form.Item>
          <Form.Item label={t('asnImport.file')} required>
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
              data-testid="asn-import-file"
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">{t('asnImport.chooseFile')}</p>
            </Upload.Dragger>
          </Form.Item>
        </Form>
        <div ref={jobBox}>
          {job && (
            <div className="asn-import-job">
              <JobProgress job={job} onCancel={busy ? () => void cancel() : undefined} cancelling={cancelling} />
              {!job.final && (
                <Typography.Text type="secondary" className="asn-import-background">
                  {t('asnImport.inBackground')}
                </Typography.Text>
              )}
            </div>
          )}
          {made && (
            <Alert
              type="success"
              showIcon
              title={t('asnImport.made', {
                code: made.made.code,
                cartons: made.made.cartons.toLocaleString(),
                pieces: made.made.pieces.toLocaleString(),
                epcs: made.made.epcs.toLocaleString(),
              })}
              data-testid="asn-import-made"
            />
          )}
        </div>
        {refusal && (
          <div ref={refusalBox}>
            <Alert
              type="error"
              showIcon
              title={refusal.msg}
              description={
                messages.length > 0 && (
                  <>
                    {refusal.errorCount > refusal.errors.length && (
                      <Typography.Text type="secondary">
                        {t('asnImport.errors', { shown: refusal.errors.length, count: refusal.errorCount })}
                      </Typography.Text>
                    )}
                    <ul className="asn-import-errors">
                      {messages.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </>
                )
              }
              data-testid="asn-import-refusal"
            />
          </div>
        )}
      </Modal>
    </>
  );
}
