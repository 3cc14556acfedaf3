/**
 * label/exception: abnormal tags found by binding, imports and reads (unknown EPC, duplicate EPC,
 * non-GS1 header, TID mismatch, a foreign EPC in a carton, an EPC at two sites). Handle them with
 * a note (one or the selected ones), or clear them off the list after a confirmation. The same page
 * serves the screens of one kind of site over these rows (warehouse/abnormal-label).
 */
import { CheckOutlined, ClearOutlined } from '@ant-design/icons';
import { CUSTOM_RESOURCES, DECLARED_RESOURCES } from '@tagloom/domain/resources/index.ts';
import { TAG_EXCEPTION_KIND, TAG_EXCEPTION_STATE } from '@tagloom/domain/resources/label/tags/enums.ts';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { RequestError, request } from '../../../app/request';
import { RefSelect } from '../../../components/resource/RefSelect';
import { ResourcePage } from '../../../components/resource/ResourcePage';
import type { Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';

const pending = (r: Row) => Number(r.state) === TAG_EXCEPTION_STATE.PENDING;
const clearable = (r: Row) => Number(r.state) !== TAG_EXCEPTION_STATE.CLEARED;
/** A pending label that may be re-tagged: not a foreign EPC (a good label of another bill). */
const retaggable = (r: Row) => pending(r) && Number(r.kind) !== TAG_EXCEPTION_KIND.FOREIGN_EPC;
/** Labels that are no tag of the tenant: the piece's SKU is asked for. */
const STRANGE: number[] = [TAG_EXCEPTION_KIND.UNKNOWN_EPC, TAG_EXCEPTION_KIND.NON_GS1_HEADER];
/** The dialog's fields a refusal names (data.fields of a 400), for the form to mark them. */
const fieldsOf = (data: unknown): { field: 'skuId' | 'note'; message: string }[] => {
  const fields = data && typeof data === 'object' ? (data as { fields?: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields.flatMap((f: { field?: unknown; message?: unknown }) =>
    f.field === 'skuId' || f.field === 'note' ? [{ field: f.field, message: String(f.message ?? '') }] : [],
  );
};
/** The SKU picker of a carton binding (a ref to the tenant's SKUs). */
const skuField = DECLARED_RESOURCES.find((d) => d.code === 'warehouse/carton-epc')?.list.find((f) => f.key === 'skuId');

/** The exception page of the screen `code` (its declaration, its actions' routes). */
export function TagExceptionPage({ code }: { code: string }) {
  const def = CUSTOM_RESOURCES.find((r) => r.code === code)!;
  const { t } = useTranslation();
  const message = useMessage();
  const screen = useScreen();
  const can = (a: string) => screen.actions.includes(a);
  const [modal, holder] = Modal.useModal();
  const [handling, setHandling] = useState<{ rows: Row[]; reload: () => void }>();
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  const [retagging, setRetagging] = useState<{ row: Row; reload: () => void }>();
  const [retagForm] = Form.useForm<{ skuId?: number; note?: string }>();

  const retag = async () => {
    if (!retagging) return;
    // a field left wrong is marked on the form
    const values = await retagForm.validateFields().catch(() => undefined);
    if (!values) return;
    const { skuId, note } = values;
    setBusy(true);
    try {
      const res = await request(`/${code}/retag`, {
        method: 'POST',
        data: { id: retagging.row.id, ...(skuId ? { skuId } : {}), ...(note?.trim() ? { note: note.trim() } : {}) },
      });
      message.success(res.msg);
      retagging.reload();
      setRetagging(undefined);
    } catch (e) {
      // shown by the request layer; a refusal of the SKU stays on its field (another may be picked), any other
      // (the label handled or cleared meanwhile) closes the dialog over the list as it is now
      const fields = e instanceof RequestError ? fieldsOf(e.data) : [];
      if (fields.length) retagForm.setFields(fields.map((f) => ({ name: f.field, errors: [f.message] })));
      else if (e instanceof RequestError && e.kind === 'business') {
        retagging.reload();
        setRetagging(undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  const handle = async () => {
    if (!handling) return;
    const { note } = await form.validateFields();
    setBusy(true);
    try {
      const res = await request(`/${code}/handle`, { method: 'POST', data: { ids: handling.rows.map((r) => r.id), note } });
      message.success(res.msg);
      handling.reload();
      setHandling(undefined);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  const clear = (rows: Row[], reload: () => void) =>
    modal.confirm({
      title: t('tags.clearExceptionTitle'),
      content: t('tags.clearExceptionConfirm', { count: rows.length, epc: rows[0]?.epc }),
      okText: t('tags.clear'),
      okButtonProps: { danger: true, 'data-testid': 'exception-clear-ok' },
      onOk: async () => {
        const res = await request(`/${code}/clear`, { method: 'POST', data: { ids: rows.map((r) => r.id) } });
        message.success(res.msg);
        reload();
      },
    });

  return (
    <>
      {holder}
      <ResourcePage
        def={def}
        columnOverrides={{
          // the reason as the server stored it (a message key and its values), worded in the console's language
          detail: (v, row) => {
            const reason = row.reason as { key: string; params: Record<string, unknown> } | null | undefined;
            return reason ? t(reason.key, reason.params) : String(v ?? '');
          },
        }}
        extraToolbar={({ selected, reload }) => (
          <>
            {can('handle') && (
              <Button
                icon={<CheckOutlined />}
                disabled={!selected.length || !selected.every(pending)}
                onClick={() => setHandling({ rows: selected, reload })}
                data-testid="exception-handle-selected"
              >
                {t('tags.handle')}
              </Button>
            )}
            {can('clear') && (
              <Button
                danger
                icon={<ClearOutlined />}
                disabled={!selected.length || !selected.every(clearable)}
                onClick={() => clear(selected, reload)}
                data-testid="exception-clear-selected"
              >
                {t('tags.clear')}
              </Button>
            )}
          </>
        )}
        extraRowActions={(row, { reload }) => (
          <>
            {can('handle') && pending(row) && (
              <Button type="link" size="small" onClick={() => setHandling({ rows: [row], reload })} data-testid="exception-handle">
                {t('tags.handle')}
              </Button>
            )}
            {can('retag') && retaggable(row) && (
              <Button type="link" size="small" onClick={() => setRetagging({ row, reload })} data-testid="exception-retag">
                {t('tags.retag')}
              </Button>
            )}
            {can('clear') && clearable(row) && (
              <Button type="link" size="small" danger onClick={() => clear([row], reload)} data-testid="exception-clear">
                {t('tags.clear')}
              </Button>
            )}
          </>
        )}
      />
      <Modal
        open={!!handling}
        title={t('tags.handleTitle', { count: handling?.rows.length ?? 0 })}
        onCancel={() => setHandling(undefined)}
        onOk={() => void handle()}
        okText={t('tags.handle')}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'exception-handle-ok' }}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="note"
            label={t('tags.note')}
            rules={[{ required: true, whitespace: true, message: t('tags.enterNote') }, { max: 256 }]}
          >
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={256} showCount data-testid="exception-note" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={!!retagging}
        title={t('tags.retagTitle')}
        onCancel={() => setRetagging(undefined)}
        onOk={() => void retag()}
        okText={t('tags.retag')}
        okButtonProps={{ danger: true, 'data-testid': 'exception-retag-ok' }}
        confirmLoading={busy}
        destroyOnHidden
      >
        <p className="ops-confirm-text" data-testid="exception-retag-text">
          {t(retagging?.row.cartonNo ? 'tags.retagConfirm' : 'tags.retagConfirmLoose', { epc: retagging?.row.epc ?? '' })}
        </p>
        <Form form={retagForm} layout="vertical" preserve={false}>
          {retagging && STRANGE.includes(Number(retagging.row.kind)) && skuField && (
            <Form.Item name="skuId" label={t('tags.retagSku')} rules={[{ required: true, message: t('tags.retagSkuRequired') }]}>
              <RefSelect field={skuField} testId="exception-retag-sku" />
            </Form.Item>
          )}
          <Form.Item name="note" label={t('tags.note')} rules={[{ max: 200 }]}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} showCount data-testid="exception-retag-note" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export default function TagExceptions() {
  return <TagExceptionPage code="label/exception" />;
}
