// A role's grantable tree on `screen` (general/role, tenant/role, tenant/permission): loaded, ticked, saved.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessage } from '../../../app/bridge';
import { fetchData, RequestError, request } from '../../../app/request';
import { type Grant, type GrantNode, grantsOfTree } from './grant-tree';

/** The role's tree with its current grants, the ticks being edited, and saving them (a refusal is kept in `error`). */
export function useRoleGrants<R>(screen: string, roleId: number | undefined, onSaved?: () => void) {
  const { t } = useTranslation();
  const message = useMessage();
  const queryClient = useQueryClient();
  const [grants, setGrants] = useState<Grant[]>([]);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const menus = useQuery({
    queryKey: ['roleGrants', screen, roleId],
    queryFn: () => fetchData<{ role: R; tree: GrantNode[] }>(`/${screen}/menus`, { method: 'POST', data: { id: roleId } }),
    enabled: roleId !== undefined,
    gcTime: 0,
  });
  useEffect(() => {
    setError(undefined);
    if (menus.data) setGrants(grantsOfTree(menus.data.tree));
  }, [menus.data]);

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const res = await request(`/${screen}/assign`, { method: 'POST', data: { id: roleId, grants }, silent: true });
      message.success(res.msg || t('common.success'));
      void queryClient.invalidateQueries({ queryKey: ['roleGrants'] });
      onSaved?.();
    } catch (err) {
      if (err instanceof RequestError && err.kind === 'business') {
        setError(err.message);
        message.error(err.message);
      }
    } finally {
      setSaving(false);
    }
  };
  const reset = () => menus.data && setGrants(grantsOfTree(menus.data.tree));

  return { menus, role: menus.data?.role, grants, setGrants, reset, save, saving, error };
}
