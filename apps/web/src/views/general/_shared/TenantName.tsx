/**
 * One way to show a tenant on every General screen: its name (the platform's and the other shipped
 * tenants' in the user's language, see ./shipped.ts) with its code as secondary text.
 */
import { PLATFORM_TENANT_ID } from '@tagloom/domain/constants.ts';
import { Tag } from 'antd';
import { useShipped } from './use-shipped';
import './tenant-name.css';

export interface TenantLike {
  id?: unknown;
  code?: unknown;
  name?: unknown;
}

const SCREEN = 'general/tenant';

/** The tenant's display name, and a one-line label "name (code)" for selects and messages. */
export function useTenantName() {
  const shipped = useShipped();
  const name = (t: TenantLike) => shipped.text(SCREEN, t.code, 'name', t.name) || String(t.code ?? '');
  return {
    name,
    label: (t: TenantLike) => {
      const n = name(t);
      const code = String(t.code ?? '');
      return code && code !== n ? `${n} (${code})` : n;
    },
    /** the platform by its id alone (rows that carry only a tenant id) */
    platformName: () => name({ code: 'PLATFORM', name: shipped.get(shipped.lang, `shipped.${SCREEN}.PLATFORM.name`) }),
  };
}

/** A tenant in a table cell or a header: name, code below (the platform as a tag). */
export function TenantName({ tenant, codeShown = true }: { tenant: TenantLike; codeShown?: boolean }) {
  const { name } = useTenantName();
  const n = name(tenant);
  if (Number(tenant.id) === PLATFORM_TENANT_ID || tenant.code === 'PLATFORM')
    return (
      <Tag className="tenant-name-platform" data-testid="tenant-name">
        {n}
      </Tag>
    );
  const code = String(tenant.code ?? '');
  return (
    <span className="tenant-name" data-testid="tenant-name">
      <span>{n}</span>
      {codeShown && code && code !== n && <small>{code}</small>}
    </span>
  );
}
