/**
 * Data sources (general/data-source): the resource page plus "Test connection", which really
 * connects from the server: a saved row (its stored, encrypted password), or the form's fields as
 * typed (over the saved row when editing).
 */

import { ApiOutlined } from '@ant-design/icons';
import { dataSourceResource } from '@tagloom/domain/resources/general/data-source.ts';
import { Button, Form, Input, Modal, Space, Tooltip } from 'antd';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError, request } from '../../../app/request';
import type { Field, Mode, Row } from '../../../components/resource/types';
import { useScreen } from '../../../components/ScreenContext';
import { ShippedPage } from '../_shared/ShippedPage';

const CODE = 'general/data-source';
const def = dataSourceResource;

type Body = { id?: number; address?: string; userName?: string; password?: string };

/** Runs one test and shows its outcome in a result box (success with version and time, or the driver's error). */
function useConnectionTest() {
  const { t } = useTranslation();
  const [modal, holder] = Modal.useModal();
  const [running, setRunning] = useState<string>();
  const test = async (key: string, body: Body) => {
    setRunning(key);
    try {
      const res = await request<{ version: string; elapsedMs: number }>(`/${CODE}/test`, { method: 'POST', data: body, silent: true });
      // the server's message says it all (connected, with the version): shown once, as the title
      modal.success({ title: res.msg || t('dataSourceAdmin.okTitle'), okText: t('resource.close'), className: 'data-source-result' });
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'business') {
        modal.error({ title: err.message || t('dataSourceAdmin.failTitle'), okText: t('resource.close'), className: 'data-source-result' });
      }
    } finally {
      setRunning(undefined);
    }
  };
  return { test, running, holder };
}

/**
 * The address input with a test button that uses the address, user name and password as typed; in
 * the edit form the saved row fills in what is left empty (its stored password above all).
 */
function AddressInput({
  field,
  mode,
  disabled,
  row,
  onTest,
  testing,
  ...rest
}: {
  field: Field;
  mode: Mode;
  disabled: boolean;
  row?: Row;
  onTest: (body: Body) => void;
  testing: boolean;
  value?: string;
  onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        {...rest}
        disabled={disabled}
        maxLength={field.max}
        placeholder="jdbc:postgresql://host:5432/db"
        data-testid={`field-${field.key}`}
      />
      <Button
        icon={<ApiOutlined />}
        loading={testing}
        disabled={!rest.value}
        onClick={() => {
          const v = form.getFieldsValue(['address', 'userName', 'password']) as Body;
          onTest({
            id: mode === 'edit' ? row?.id : undefined,
            address: v.address,
            userName: v.userName || undefined,
            password: v.password || undefined,
          });
        }}
        data-testid="data-source-form-test"
      >
        {t('dataSourceAdmin.test')}
      </Button>
    </Space.Compact>
  );
}

export default function DataSources() {
  const { t } = useTranslation();
  const screen = useScreen();
  const canTest = screen.actions.includes('testConnection');
  const { test, running, holder } = useConnectionTest();

  return (
    <div data-testid="data-source-admin">
      {holder}
      <ShippedPage
        def={def}
        formOverrides={
          canTest
            ? {
                address: ({ field, mode, disabled }) => (
                  <AddressInput
                    field={field}
                    mode={mode}
                    disabled={disabled}
                    onTest={(b) => test('form', b)}
                    testing={running === 'form'}
                  />
                ),
              }
            : undefined
        }
        extraRowActions={
          canTest
            ? (row) => (
                <Tooltip title={t('dataSourceAdmin.test')}>
                  <Button
                    type="link"
                    size="small"
                    icon={<ApiOutlined />}
                    loading={running === `row-${row.id}`}
                    aria-label={t('dataSourceAdmin.test')}
                    onClick={() => test(`row-${row.id}`, { id: row.id })}
                    data-testid="data-source-test"
                  />
                </Tooltip>
              )
            : undefined
        }
      />
    </div>
  );
}
