/**
 * label/purchase-order-wizard: a label purchase order in three steps (screens.md) — the goods and
 * quantities from commodity purchase orders, the sample card, the label supplier and the receiving
 * address — over the draft of spec §3, kept across steps and reloads. The server makes the order
 * from the draft (its number, lines, totals with the loss ratio) and submits it when asked.
 */
import { ENUMS } from '@tagloom/domain/enums.ts';
import { labelOrderResource } from '@tagloom/domain/resources/label/orders/purchase-order.ts';
import type { WizardLine } from '@tagloom/domain/resources/label/orders/wizard.api.ts';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Descriptions,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Space,
  Steps,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMessage } from '../../../app/bridge';
import { fetchData, RequestError, request } from '../../../app/request';
import { RefSelect, useRefLabel } from '../../../components/resource/RefSelect';
import type { Field } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { normalizeLang } from '../../../domain';
import { CardPicker, useMatchingCards } from './CardPicker';
import { chosenLines, type DraftLine, informationComplete, totalSum, useDraft } from './draft';
import { OrderPicker } from './OrderPicker';
import './wizard.css';

const fieldOf = (def: { list: readonly unknown[] }, key: string) => (def.list as Field[]).find((f) => f.key === key)!;
const SUPPLIER_FIELD = fieldOf(labelOrderResource, 'supplierId');
const CARD_FIELD = fieldOf(labelOrderResource, 'sampleCardId');

export default function LabelOrderWizard() {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const navigate = useNavigate();
  const screen = useScreen();
  const { draft, patch, reset } = useDraft();
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'submit' | undefined>();
  const [adding, setAdding] = useState<number | undefined>();
  const supplierName = useRefLabel(SUPPLIER_FIELD, draft.supplierId);
  const cardName = useRefLabel(CARD_FIELD, draft.sampleCardFid);
  const chosen = chosenLines(draft);
  const sum = totalSum(draft);
  const cards = useMatchingCards(
    draft.orderIds,
    chosen.map((l) => l.lineId),
  );
  // a card kept in the draft must still match the goods chosen (the server refuses it otherwise)
  const cardOk = !draft.sampleCardFid || !!cards?.some((c) => c.id === draft.sampleCardFid);
  const complete = informationComplete(draft) && cardOk;

  /** Loads the lines of these commodity orders (a repealed one is refused by the server, naming it). */
  const load = async (orderIds: number[]) => {
    if (!orderIds.length)
      return patch({ orderIds, goodsList: [], skipped: [], orderCodeList: [], contractCodeList: [], purchaseGoodsContractCodeList: [] });
    setLoading(true);
    try {
      const page = await fetchData<{ list: WizardLine[] }>('/label/purchase-order-wizard/lines', { method: 'POST', data: { orderIds } });
      const kept = new Map(draft.goodsList.map((l) => [l.lineId, l.TotalPurchaseOrderQuantity]));
      const goodsList: DraftLine[] = page.list.map((l) => ({
        lineId: l.lineId,
        orderCode: l.orderCode,
        contractCode: l.contractCode,
        skuId: l.skuId,
        skuBarcode: l.skuBarcode,
        styleNumber: l.styleNumber,
        goodsName: l.goodsName,
        colour: l.colour,
        size: l.size,
        ordered: l.quantity,
        TotalPurchaseOrderQuantity: kept.get(l.lineId) ?? l.quantity,
      }));
      const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
      patch({
        orderIds,
        goodsList,
        skipped: draft.skipped.filter((id) => goodsList.some((l) => l.lineId === id)),
        orderCodeList: uniq(page.list.map((l) => l.orderCode)),
        contractCodeList: uniq(page.list.map((l) => l.contractCode)),
        purchaseGoodsContractCodeList: uniq(page.list.map((l) => `${l.contractCode}-${l.styleNumber}`)),
      });
    } catch {
      // the request layer showed the server's reason (e.g. a repealed order)
    } finally {
      setLoading(false);
    }
  };

  const save = async (submit: boolean) => {
    setSaving(submit ? 'submit' : 'draft');
    try {
      const res = await request<{ id: number; code: string }>('/label/purchase-order-wizard/create', {
        method: 'POST',
        data: {
          orderIds: draft.orderIds,
          goodsList: chosen.map((l) => ({ lineId: l.lineId, quantity: l.TotalPurchaseOrderQuantity })),
          orderEndTime: draft.orderEndTime ?? undefined,
          sampleType: draft.sampleType,
          sampleCardFid: draft.sampleCardFid ?? undefined,
          supplierId: draft.supplierId,
          fscCode: draft.fscCode,
          shippingName: draft.shippingName,
          shippingContact: draft.shippingContact,
          shippingAddress: draft.shippingAddress,
          submit,
        },
      });
      message.success(res.msg || t('common.success'));
      reset();
      navigate('/label/purchase-order');
    } catch (err) {
      if (!(err instanceof RequestError)) throw err;
    } finally {
      setSaving(undefined);
    }
  };

  const lineColumns = [
    {
      title: t('wizard.col.order'),
      dataIndex: 'orderCode',
      width: 150,
      render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
    },
    { title: t('wizard.col.style'), dataIndex: 'styleNumber', width: 110 },
    { title: t('wizard.col.goods'), dataIndex: 'goodsName', ellipsis: true },
    { title: t('wizard.col.sku'), dataIndex: 'skuBarcode', width: 150 },
    { title: t('wizard.col.colourSize'), key: 'cs', width: 110, render: (_: unknown, l: DraftLine) => `${l.colour} / ${l.size}` },
    { title: t('wizard.col.ordered'), dataIndex: 'ordered', width: 100, align: 'right' as const },
    {
      title: t('wizard.col.labels'),
      key: 'q',
      width: 140,
      render: (_: unknown, l: DraftLine) => (
        <InputNumber
          size="small"
          min={1}
          max={99_999_999}
          precision={0}
          value={l.TotalPurchaseOrderQuantity}
          disabled={draft.skipped.includes(l.lineId)}
          data-testid={`wizard-qty-${l.lineId}`}
          onChange={(v) =>
            patch({
              goodsList: draft.goodsList.map((x) => (x.lineId === l.lineId ? { ...x, TotalPurchaseOrderQuantity: Number(v ?? 0) } : x)),
            })
          }
        />
      ),
    },
  ];

  const step1 = (
    <Space direction="vertical" size={16} className="wizard-step">
      <Row gutter={[12, 8]} align="middle">
        <Col flex="none">
          <Typography.Text>{t('wizard.orders')}</Typography.Text>
        </Col>
        <Col flex="auto" className="wizard-pick">
          <OrderPicker value={adding} onChange={setAdding} exclude={draft.orderIds} testId="wizard-order-pick" />
        </Col>
        <Col>
          <Button
            type="primary"
            disabled={!adding || draft.orderIds.includes(adding)}
            loading={loading}
            onClick={() => {
              if (adding) void load([...draft.orderIds, adding]);
              setAdding(undefined);
            }}
            data-testid="wizard-order-add"
          >
            {t('wizard.addOrder')}
          </Button>
        </Col>
      </Row>
      <Typography.Text type="secondary" className="wizard-hint">
        {t('wizard.orderPickHint')}
      </Typography.Text>
      {draft.orderIds.length > 0 && (
        <Space wrap size={[8, 8]}>
          {draft.orderIds.map((id, i) => (
            <Tag key={id} closable onClose={() => void load(draft.orderIds.filter((x) => x !== id))} color="blue">
              {draft.orderCodeList[i] ?? id}
            </Tag>
          ))}
        </Space>
      )}
      {draft.goodsList.length ? (
        <Table<DraftLine>
          size="small"
          rowKey="lineId"
          loading={loading}
          dataSource={draft.goodsList}
          columns={lineColumns}
          pagination={draft.goodsList.length > 10 ? { pageSize: 10, size: 'small' } : false}
          scroll={{ x: 900 }}
          rowSelection={{
            selectedRowKeys: chosen.map((l) => l.lineId),
            onChange: (keys) => patch({ skipped: draft.goodsList.map((l) => l.lineId).filter((id) => !keys.includes(id)) }),
          }}
          data-testid="wizard-lines"
        />
      ) : (
        <Empty description={t('wizard.noLines')} />
      )}
      <Row gutter={16} align="middle">
        <Col>
          <Typography.Text>{t('wizard.deliveryDate')}</Typography.Text>
        </Col>
        <Col>
          <DatePicker
            value={draft.orderEndTime ? dayjs(draft.orderEndTime) : null}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
            onChange={(d) => patch({ orderEndTime: d ? d.format('YYYY-MM-DD') : null })}
            data-testid="wizard-delivery"
          />
        </Col>
        <Col flex="auto" className="wizard-sum">
          <Typography.Text strong data-testid="wizard-total">
            {t('wizard.total', { lines: chosen.length, sum: sum.toLocaleString() })}
          </Typography.Text>
        </Col>
      </Row>
    </Space>
  );

  const step2 = (
    <Form layout="vertical" className="wizard-step wizard-form">
      <Form.Item label={t('wizard.sampleType')} required>
        <Radio.Group
          value={draft.sampleType}
          onChange={(e) => patch({ sampleType: e.target.value })}
          options={(ENUMS.LabelCertificateType ?? []).map((o) => ({ value: o.value as number, label: o.label[lang] }))}
          data-testid="wizard-sample-type"
        />
      </Form.Item>
      <Form.Item label={t('wizard.sampleCard')} extra={t('wizard.sampleCardHint')}>
        <CardPicker cards={cards} value={draft.sampleCardFid} onChange={(v) => patch({ sampleCardFid: v })} />
      </Form.Item>
    </Form>
  );

  const step3 = (
    <Form layout="vertical" className="wizard-step wizard-form">
      <Form.Item label={SUPPLIER_FIELD.label[lang]} required>
        <RefSelect
          field={SUPPLIER_FIELD}
          value={draft.supplierId ?? undefined}
          onChange={(v) => patch({ supplierId: v ? Number(v) : null })}
          testId="wizard-supplier"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('wizard.shippingName')} required>
            <Input
              value={draft.shippingName}
              maxLength={64}
              onChange={(e) => patch({ shippingName: e.target.value })}
              data-testid="wizard-shipping-name"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('wizard.shippingContact')} required>
            <Input
              value={draft.shippingContact}
              maxLength={18}
              onChange={(e) => patch({ shippingContact: e.target.value })}
              data-testid="wizard-shipping-contact"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('wizard.shippingAddress')} required>
        <Input.TextArea
          value={draft.shippingAddress}
          maxLength={256}
          autoSize={{ minRows: 2, maxRows: 4 }}
          onChange={(e) => patch({ shippingAddress: e.target.value })}
          data-testid="wizard-shipping-address"
        />
      </Form.Item>
      <Form.Item label={t('wizard.fscCode')}>
        <Input value={draft.fscCode} maxLength={64} onChange={(e) => patch({ fscCode: e.target.value })} data-testid="wizard-fsc" />
      </Form.Item>
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered className="wizard-summary">
        <Descriptions.Item label={t('wizard.orders')}>{draft.orderCodeList.join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.contracts')}>{draft.contractCodeList.join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.lines')}>{chosen.length}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.totalLabels')}>{sum.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('wizard.sampleCard')}>{cardName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={SUPPLIER_FIELD.label[lang]}>{supplierName ?? '-'}</Descriptions.Item>
      </Descriptions>
    </Form>
  );

  const steps = [
    { title: t('wizard.step.goods'), content: step1, ok: chosen.length > 0 && chosen.every((l) => l.TotalPurchaseOrderQuantity > 0) },
    { title: t('wizard.step.card'), content: step2, ok: !!draft.sampleType && cardOk },
    { title: t('wizard.step.supplier'), content: step3, ok: complete },
  ];
  const step = Math.min(draft.step, steps.length - 1);
  const canAdd = screen.actions.includes('add');

  return (
    <Card className="wizard" data-testid="label-order-wizard">
      <Steps current={step} items={steps.map((s) => ({ title: s.title }))} className="wizard-steps" responsive />
      {draft.orderIds.length > 0 && step === 0 && (
        <Alert
          type="info"
          showIcon
          className="wizard-kept"
          message={t('wizard.kept')}
          action={
            <Button size="small" onClick={reset}>
              {t('wizard.discard')}
            </Button>
          }
        />
      )}
      <div className="wizard-body">{steps[step].content}</div>
      <div className="wizard-footer">
        <Space wrap>
          {step > 0 && (
            <Button onClick={() => patch({ step: step - 1 })} data-testid="wizard-prev">
              {t('wizard.prev')}
            </Button>
          )}
          {step < steps.length - 1 && (
            <Button type="primary" disabled={!steps[step].ok} onClick={() => patch({ step: step + 1 })} data-testid="wizard-next">
              {t('wizard.next')}
            </Button>
          )}
          {step === steps.length - 1 && canAdd && (
            <>
              <Button disabled={!complete} loading={saving === 'draft'} onClick={() => void save(false)} data-testid="wizard-save">
                {t('wizard.saveDraft')}
              </Button>
              {screen.actions.includes('submit') && (
                <Button
                  type="primary"
                  disabled={!complete}
                  loading={saving === 'submit'}
                  onClick={() => void save(true)}
                  data-testid="wizard-submit"
                >
                  {t('wizard.submit')}
                </Button>
              )}
            </>
          )}
        </Space>
      </div>
    </Card>
  );
}
