/**
 * What a row offers, from the declaration's state machine and the granted buttons, asked of the
 * one access question can() that the server asks too: the row's links (Edit, Delete, the machine's
 * actions its state allows), the toolbar's transition buttons (on one selected row), and the move
 * itself (a confirm for a dangerous action, the generic POST /api/<code>/<action>, the server's
 * message, the list refreshed).
 */

import { DownOutlined } from '@ant-design/icons';
import type { EnumOption } from '@tagloom/domain/enums.ts';
import type { Lang } from '@tagloom/domain/lang.ts';
import { ACTIONS } from '@tagloom/domain/menu/actions.ts';
import { can, grantedTransitions, rowTransitions } from '@tagloom/domain/resource/can.ts';
import { confirmTitleKey, isFinal, type Reason, stateOf, type Transition, transitionOf } from '@tagloom/domain/resource/machine.ts';
import { Badge, Button, type ButtonProps, Dropdown, Form, Space, Tooltip } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../app/bridge';
import { RequestError, request } from '../../app/request';
import { normalizeLang } from '../../domain';
import { FieldInput } from './field-render';
import { serverFieldErrors, validateValue } from './form-values';
import { TOOLBAR_ACTIONS_MAX, textWidth } from './layout';
import type { ResourceDef, Row } from './types';

/** A button's label in the reader's language: the transition's own name if it has one, else the button's (its code when it is no declared button). */
export const actionLabel = (action: string, lang: Lang, def?: ResourceDef): string =>
  (def?.machine && transitionOf(def.machine, action)?.label?.[lang]) ??
  (ACTIONS as Record<string, { [l in Lang]: string }>)[action]?.[lang] ??
  action;

/** A refusal as text: its key in the console's catalog, L10n parameters in the reader's language. */
export function reasonText(t: TFunction, lang: Lang, reason: Reason | undefined): string | undefined {
  if (!reason) return undefined;
  const params: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(reason.params ?? {}))
    params[k] = v && typeof v === 'object' && 'en_US' in v ? (v as Record<Lang, string>)[lang] : v;
  return t(reason.key, params) as string;
}

/** Why `row` may not take `action` (a localized message), or undefined when it may. */
export function useMachineRefusal(def: ResourceDef, granted: readonly string[]) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  return (row: Row, action: string): string | undefined => {
    const verdict = can(def, action, { granted, row });
    return verdict.can ? undefined : reasonText(t, lang, verdict.reason);
  };
}

/**
 * Runs a machine action on a row: a confirm first when the transition is dangerous (naming the row,
 * and saying so when the state it leads to is final), then the generic route; `onDone` refreshes.
 * The request layer shows the server's refusal (409 naming the state) when there is one.
 */
export function useTransition(def: ResourceDef, modal: HookAPI, titleOf: (row: Row) => string, onDone: () => void) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const message = useMessage();
  const [form] = Form.useForm();
  const send = async (action: string, row: Row, values: Record<string, unknown> = {}) => {
    try {
      const res = await request<Row>(`/${def.code}/${action}`, { method: 'POST', data: { ...values, id: row.id } });
      message.success(res.msg || t('common.success'));
    } catch {
      // the request layer showed the server's message
    } finally {
      onDone();
    }
  };
  // an action that writes fields (sending goods: express company and number) asks for them first;
  // a dangerous one (zero-clearance and its reason) says what it does above them, as its confirmation would
  const askFields = (action: string, row: Row, keys: readonly string[], tr: Transition) => {
    const fields = keys.map((k) => {
      const f = def.list.find((x) => x.key === k)!;
      return { ...f, required: !tr.optional?.includes(k), choices: tr.choices?.[k] ?? f.choices };
    });
    const label = actionLabel(action, lang, def);
    form.resetFields();
    const dialog = modal.confirm({
      title: `${label} · ${titleOf(row)}`,
      icon: null,
      content: (
        <Form form={form} layout="vertical" className="transition-fields" data-testid="transition-fields">
          {(tr.danger || tr.confirm) && (
            <p data-testid="transition-confirm">
              {t(tr.confirm ?? 'machine.confirm', { action: label, name: titleOf(row), what: def.names[lang] })}
            </p>
          )}
          {fields.map((f) => (
            <Form.Item
              key={f.key}
              name={f.key}
              label={f.label[lang]}
              required={f.required}
              rules={[
                {
                  validator: async (_r, value) => {
                    const msg = validateValue(f, value, lang);
                    if (msg) throw new Error(msg);
                  },
                },
              ]}
            >
              <FieldInput field={f} mode="edit" />
            </Form.Item>
          ))}
        </Form>
      ),
      okText: label,
      okButtonProps: { danger: tr.danger, 'data-testid': 'machine-confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        const values = await form.validateFields();
        try {
          const res = await request<Row>(`/${def.code}/${action}`, { method: 'POST', data: { ...values, id: row.id }, silent: true });
          message.success(res.msg || t('common.success'));
        } catch (err) {
          // a refusal naming one of the dialog's fields (a reset's typed number that is not the carton's):
          // on that field, the dialog open for another try
          const business = err instanceof RequestError && err.kind === 'business';
          const mapped = business
            ? serverFieldErrors(def, { code: err.code, message: err.message, data: err.data }, lang).filter((m) => keys.includes(m.field))
            : [];
          if (mapped.length) {
            form.setFields(mapped.map((m) => ({ name: m.field, errors: [m.message] })));
            throw err;
          }
          if (business) message.error(err.message);
        }
        onDone();
      },
    });
    // taken in antd's "await mode" (then): a refused validation (the console's or the server's on a
    // field) keeps the dialog open with the fields' errors, and its rejection is not left unhandled
    // (a "pageerror: Object")
    void dialog.then(
      () => undefined,
      () => undefined,
    );
  };
  /**
   * The same move of several rows (the toolbar, rows chosen): confirmed once when the move is, then
   * one request a row in order; stops at the first refusal (the request layer shows it), says how
   * many moved.
   */
  const many = (action: string, rows: Row[]) => {
    const m = def.machine;
    const tr = m && transitionOf(m, action);
    const label = actionLabel(action, lang, def);
    const run = async () => {
      let moved = 0;
      try {
        for (const row of rows) {
          await request<Row>(`/${def.code}/${action}`, { method: 'POST', data: { id: row.id } });
          moved++;
        }
      } catch {
        // the request layer showed the server's message
      } finally {
        if (moved) message.success(t('machine.doneMany', { action: label, count: moved }));
        onDone();
      }
    };
    if (!tr?.danger && !tr?.confirm) return void run();
    const titles = rows.slice(0, 5).map(titleOf).join(t('resource.listSeparator')) + (rows.length > 5 ? '…' : '');
    modal.confirm({
      title: t(confirmTitleKey(label, lang), { action: label }),
      content: t('machine.confirmMany', { action: label, count: rows.length, names: titles, what: def.names[lang] }),
      okText: label,
      okButtonProps: { danger: !!tr.danger, 'data-testid': 'machine-confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: run,
    });
  };
  const one = (action: string, row: Row) => {
    const m = def.machine;
    const tr = m && transitionOf(m, action);
    if (m && tr?.fields?.length) return askFields(action, row, tr.fields, tr);
    // a dangerous move, or one that declares its confirmation (a final step by hand), is confirmed first
    if (!m || !(tr?.danger || tr?.confirm)) return void send(action, row);
    const label = actionLabel(action, lang, def);
    const to = stateOf(m, tr.to) as EnumOption | undefined;
    const note = !tr.confirm && isFinal(m, tr.to) && to ? ` ${t('machine.finalNote', { state: to.label[lang] })}` : '';
    modal.confirm({
      title: t(confirmTitleKey(label, lang), { action: label }),
      content: t(tr.confirm ?? 'machine.confirm', { action: label, name: titleOf(row), what: def.names[lang] }) + note,
      okText: label,
      okButtonProps: { danger: !!tr.danger, 'data-testid': 'machine-confirm-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: () => send(action, row),
    });
  };
  return Object.assign(one, { many });
}

export interface RowActionsProps {
  def: ResourceDef;
  row: Row;
  granted: readonly string[];
  onEdit: (row: Row) => void;
  onDelete: (rows: Row[]) => void;
  onTransition: (action: string, row: Row) => void;
  /** the screen's own refusal of edit/delete: the link is not offered at all */
  rowRefusal?: (row: Row, action: 'edit' | 'delete') => string | undefined;
  /** the screen's extra links, after the machine's */
  extra?: ReactNode;
}

/** A link that is disabled, with the reason as its tooltip, when can() refuses it. */
function Link(p: { label: string; refused?: string; danger?: boolean; onClick: () => void; testId: string }) {
  const link = (
    <Button type="link" size="small" danger={p.danger} disabled={!!p.refused} onClick={p.onClick} data-testid={p.testId}>
      {p.label}
    </Button>
  );
  return p.refused ? (
    <Tooltip title={p.refused}>
      <span className="resource-row-refused">{link}</span>
    </Tooltip>
  ) : (
    link
  );
}

/** Room for a row's move links (their labels' width, about two short ones): the moves past it go in the row's "More" menu. */
export const ROW_MOVES_ROOM = 160;

/**
 * Which of a row's moves stay links and which go in its "More" menu: the moves the row allows,
 * forward ones before dangerous ones, while their labels fit ROW_MOVES_ROOM (one at least); the
 * rest (refused ones too) in the menu, unless all fit. The actions column so stays narrow and the
 * row's own columns stay in sight on a 1366-pixel screen, in every language.
 */
export function splitMoves<M extends { action: string; verdict: { can: boolean } }>(
  def: ResourceDef,
  moves: M[],
  lang: Lang,
): { inline: M[]; more: M[] } {
  const width = (m: M) => textWidth(actionLabel(m.action, lang, def)) + 14;
  if (moves.reduce((sum, m) => sum + width(m), 0) <= ROW_MOVES_ROOM) return { inline: moves, more: [] };
  const danger = (m: M) => !!(def.machine && transitionOf(def.machine, m.action)?.danger);
  const open = moves.filter((m) => m.verdict.can);
  const inline: M[] = [];
  let used = 0;
  for (const m of [...open.filter((x) => !danger(x)), ...open.filter(danger)]) {
    if (inline.length && used + width(m) > ROW_MOVES_ROOM) break;
    inline.push(m);
    used += width(m);
  }
  return { inline: moves.filter((m) => inline.includes(m)), more: moves.filter((m) => !inline.includes(m)) };
}

/** The links of one row: Edit, Delete, then the machine's actions its state allows and the user holds (the rest under "More"). */
export function RowActions({ def, row, granted, onEdit, onDelete, onTransition, rowRefusal, extra }: RowActionsProps) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const refusal = useMachineRefusal(def, granted);
  const m = def.machine;
  const { inline, more } = splitMoves(def, rowTransitions(def, granted, row), lang);
  const refused = (verdict: { can: boolean; reason?: Reason }) => (verdict.can ? undefined : reasonText(t, lang, verdict.reason));
  // one line of links: the table measures it to size its actions column
  return (
    <Space size={0} wrap={false}>
      {granted.includes('edit') && !rowRefusal?.(row, 'edit') && (
        <Link label={t('resource.edit')} refused={refusal(row, 'edit')} onClick={() => onEdit(row)} testId="row-edit" />
      )}
      {granted.includes('delete') && !rowRefusal?.(row, 'delete') && (
        <Link label={t('resource.delete')} refused={refusal(row, 'delete')} danger onClick={() => onDelete([row])} testId="row-delete" />
      )}
      {inline.map(({ action, verdict }) => (
        <Link
          key={action}
          label={actionLabel(action, lang, def)}
          refused={refused(verdict)}
          danger={!!(m && transitionOf(m, action)?.danger)}
          onClick={() => onTransition(action, row)}
          testId={`row-action-${action}`}
        />
      ))}
      {more.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: more.map(({ action, verdict }) => {
              const why = refused(verdict);
              return {
                key: action,
                danger: !!(m && transitionOf(m, action)?.danger),
                disabled: !!why,
                label: why ? (
                  <Tooltip title={why} placement="left">
                    <span>{actionLabel(action, lang, def)}</span>
                  </Tooltip>
                ) : (
                  actionLabel(action, lang, def)
                ),
                'data-testid': `row-action-${action}`,
              };
            }),
            onClick: ({ key }) => onTransition(key, row),
          }}
        >
          <Button type="link" size="small" data-testid="row-more">
            <Space size={2}>
              {t('machine.more')}
              <DownOutlined />
            </Space>
          </Button>
        </Dropdown>
      )}
      {extra}
    </Space>
  );
}

/** Whether a row can offer anything at all to these buttons (the table shows its actions column then). */
export const offersRowActions = (def: ResourceDef, granted: readonly string[]): boolean =>
  granted.includes('edit') || granted.includes('delete') || grantedTransitions(def, granted).length > 0;

/**
 * The toolbar's buttons for the machine's actions the user holds: each works on exactly one selected
 * row; past TOOLBAR_ACTIONS_MAX they are the items of one "Actions" menu (those the row refuses
 * disabled, with the reason).
 */
export function TransitionButtons(p: {
  def: ResourceDef;
  granted: readonly string[];
  selected: Row[];
  onTransition: ((action: string, row: Row) => void) & { many?: (action: string, rows: Row[]) => void };
}) {
  const { t, i18n } = useTranslation();
  const lang = normalizeLang(i18n.language);
  const m = p.def.machine;
  if (!m) return null;
  const rows = p.selected;
  const row = rows.length === 1 ? rows[0] : undefined;
  // several rows take a move that asks nothing (reviewing, auditing boxes) when every one of them may:
  // refused with the first one's reason (an unreviewed box among boxes to audit); a move asking fields, one row
  const batch = rows.length > 1 && !!p.onTransition.many;
  const actions = grantedTransitions(p.def, p.granted).map((action) => {
    const asks = !!transitionOf(m, action)?.fields?.length;
    const verdicts = (batch && !asks) || row ? rows.map((r) => can(p.def, action, { granted: p.granted, row: r })) : [];
    const no = verdicts.find((v) => !v.can);
    const refused = !verdicts.length ? t('machine.needsOne') : no ? reasonText(t, lang, no.reason) : undefined;
    return { action, refused, danger: !!transitionOf(m, action)?.danger };
  });
  const act = (action: string) => (row ? p.onTransition(action, row) : batch ? p.onTransition.many?.(action, rows) : undefined);
  if (actions.length > TOOLBAR_ACTIONS_MAX) {
    const open = actions.filter((a) => !a.refused);
    return (
      <Tooltip title={row || batch ? undefined : t('machine.needsOne')}>
        <Dropdown
          disabled={!row && !batch}
          trigger={['click']}
          menu={{
            items: actions.map((a) => ({
              key: a.action,
              danger: a.danger,
              disabled: !!a.refused,
              label: a.refused ? (
                <Tooltip title={a.refused} placement="left">
                  <span>{actionLabel(a.action, lang, p.def)}</span>
                </Tooltip>
              ) : (
                actionLabel(a.action, lang, p.def)
              ),
              'data-testid': `resource-action-${a.action}`,
            })),
            onClick: ({ key }) => act(key),
          }}
        >
          <Button data-testid="resource-actions-menu">
            <Space size={4}>
              {t('machine.actions')}
              {(row || batch) && open.length > 0 && <Badge count={open.length} size="small" color="#1890ff" />}
              <DownOutlined />
            </Space>
          </Button>
        </Dropdown>
      </Tooltip>
    );
  }
  return (
    <Space size={8} wrap>
      {actions.map(({ action, refused, danger }) => (
        <Tooltip key={action} title={refused}>
          <Button
            autoInsertSpace={false}
            danger={danger}
            disabled={!!refused}
            onClick={() => act(action)}
            data-testid={`resource-action-${action}`}
          >
            {actionLabel(action, lang, p.def)}
          </Button>
        </Tooltip>
      ))}
    </Space>
  );
}
