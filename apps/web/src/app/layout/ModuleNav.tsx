/**
 * Top-level modules (menuType 1) in the navbar, in menu order; selecting one opens its default path.
 * As many modules as fit show their name: a module keeping its shipped name shows the shorter one
 * its menu declares (the full one in a tooltip); when they do not all fit, the labels lose their
 * icons, then the modules from the end (never the current one) shrink to their icon. Only what does
 * not fit even so goes behind the menu's "···".
 */
import { AppstoreOutlined, DownOutlined } from '@ant-design/icons';
import type { Lang } from '@tagloom/domain/lang.ts';
import { MENU_TREE } from '@tagloom/domain/menu/tree.ts';
import { Button, ConfigProvider, Dropdown, Menu, Tooltip } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../components/MenuIcon';
import { measureText } from '../../components/text-width';
import { currentLang } from '../i18n';
import type { ModuleNav as Module } from '../menu-routes';
import { useAppStore } from '../stores/app';
import { usePermissionStore } from '../stores/permission';
import { EllipsisLabel } from './EllipsisLabel';

/** horizontal padding of an item, each side (the menu's itemPaddingInline below) */
const PAD = 12;
/** an icon and its gap to the label */
const ICON = 14 + 10;

const SHIPPED = new Map(MENU_TREE.map((m) => [`/${m.code}`, m]));

/** The label the navigation shows: the shorter shipped name while the module keeps its shipped name. */
export function navLabel(m: Pick<Module, 'path' | 'name'>, lang: Lang): string {
  const def = SHIPPED.get(m.path);
  if (!def?.short) return m.name;
  return Object.values(def.names).includes(m.name) ? def.short[lang] : m.name;
}

const textWidth = (text: string, font: string): number => Math.ceil(measureText(text, font) ?? text.length * 14);

/**
 * How the modules fit `width` (their labels' text widths given): labels with icons; else labels
 * alone; else labels alone from the start and, from the end (never `keep`), icons alone. When even
 * that does not fit, antd puts the last ones behind its "···".
 */
export function fitModules(
  labels: { path: string; width: number }[],
  width: number,
  keep?: string,
): { withIcons: boolean; iconOnly: Set<string> } {
  const sum = (extra: number) => labels.reduce((a, l) => a + 2 * PAD + extra + l.width, 0);
  if (sum(ICON) <= width) return { withIcons: true, iconOnly: new Set() };
  let total = sum(0);
  const iconOnly = new Set<string>();
  for (let i = labels.length - 1; i >= 0 && total > width; i--) {
    if (labels[i].path === keep) continue;
    total -= labels[i].width - 14;
    iconOnly.add(labels[i].path);
  }
  return { withIcons: false, iconOnly };
}

export function ModuleNav({ mobile }: { mobile: boolean }) {
  const navigate = useNavigate();
  const modules = usePermissionStore((s) => s.built!.modules);
  const currentModule = useAppStore((s) => s.currentModule);
  useTranslation(); // a new language re-measures the labels
  const lang = currentLang();
  const selected = modules.find((m) => m.path === `/${currentModule}`);
  const labels = useMemo(() => modules.map((m) => ({ path: m.path, label: navLabel(m, lang), full: m.name })), [modules, lang]);
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ withIcons: boolean; iconOnly: Set<string> }>({ withIcons: true, iconOnly: new Set() });

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || mobile) return;
    const measure = () => {
      const font = getComputedStyle(el).font;
      const widths = labels.map((l) => ({ path: l.path, width: textWidth(l.label, font) }));
      // a little room for rounding
      const next = fitModules(widths, el.clientWidth - 4, selected?.path);
      setFit((old) =>
        old.withIcons === next.withIcons && old.iconOnly.size === next.iconOnly.size && [...next.iconOnly].every((p) => old.iconOnly.has(p))
          ? old
          : next,
      );
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [labels, mobile, selected?.path]);

  const open = (path: string) => {
    const m = modules.find((x) => x.path === path);
    if (!m) return;
    useAppStore.getState().setModule(path.slice(1));
    navigate(m.defaultPath);
  };
  const code = (path: string) => path.slice(1);

  if (mobile) {
    // a name cut short (narrow navbar) shows whole in a tooltip
    const items = modules.map((m, i) => ({
      key: m.path,
      icon: <MenuIcon name={m.icon} />,
      label: <EllipsisLabel text={labels[i].full} placement="right" />,
    }));
    return (
      <div className="spacer module-nav-mobile">
        <Dropdown
          menu={{ items, selectable: true, selectedKeys: selected ? [selected.path] : [], onClick: ({ key }) => open(key) }}
          trigger={['click']}
        >
          <Button type="text" data-testid="module-nav-mobile" aria-label={selected?.name}>
            {selected ? <MenuIcon name={selected.icon} /> : <AppstoreOutlined />}
            {selected && (
              <span className="module-nav-mobile-name">
                <EllipsisLabel text={navLabel(selected, lang)} placement="bottom" />
              </span>
            )}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </div>
    );
  }

  // the full name stays in each item, transparent over what is shown (the short name, or the icon
  // alone): read by screen readers, found and clicked by name; the short one is only drawn
  const items = modules.map((m, i) => {
    const { label, full } = labels[i];
    const testId = `module-nav-${code(m.path)}`;
    if (fit.iconOnly.has(m.path))
      return {
        key: m.path,
        icon: <MenuIcon name={m.icon} />,
        label: (
          <Tooltip title={full} placement="bottom">
            <span className="module-nav-label module-nav-iconic" data-testid={testId} data-icon-only="1">
              <span className="module-nav-full">{full}</span>
            </span>
          </Tooltip>
        ),
      };
    return {
      key: m.path,
      icon: fit.withIcons ? <MenuIcon name={m.icon} /> : undefined,
      label:
        label === full ? (
          <span className="module-nav-label" data-testid={testId}>
            {full}
          </span>
        ) : (
          <Tooltip title={full} placement="bottom">
            <span className="module-nav-label" data-testid={testId}>
              <span aria-hidden="true">{label}</span>
              <span className="module-nav-full">{full}</span>
            </span>
          </Tooltip>
        ),
    };
  });
  return (
    <div className="module-nav-box" ref={box}>
      <ConfigProvider theme={{ components: { Menu: { itemPaddingInline: PAD } } }}>
        <Menu
          className="module-nav"
          mode="horizontal"
          items={items}
          selectedKeys={selected ? [selected.path] : []}
          onClick={({ key }) => open(key)}
          data-testid="module-nav"
        />
      </ConfigProvider>
    </div>
  );
}
