/**
 * What the console does to run under the server's Content-Security-Policy (script-src 'self', no
 * eval; style elements only with the page's nonce). Imported first by main.tsx, so it runs before
 * any other module of the console is evaluated.
 */
// zod compiles object parsers with `new Function` unless told not to; its probe alone is reported
// as an eval violation. zod's config lives on this global (zod/v4/core: `z.config()` assigns to
// it), set here before the first schema is built (they are built as modules load) without pulling
// zod's core into /login.
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodConfig.__zod_globalConfig ??= {};
zodConfig.__zod_globalConfig.jitless = true;

/** This page's nonce for style elements, written into index.html by the server (none in dev). */
export const CSP_NONCE = ((n) => (n && n !== '__CSP_NONCE__' ? n : undefined))(
  document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content,
);

// antd's CSS-in-JS and icons take the nonce from ConfigProvider `csp` (AppRoot), but
// @rc-component's scroll locker (modals, drawers), its scrollbar measuring and antd's feature
// checks create <style> elements with no way to pass one, and some icons' SVG holds an (empty)
// <style>. A style element made by the console's own scripts (the only scripts script-src lets
// run) gets the nonce when created; one written by the HTML parser (injected markup) gets none
// and stays blocked.
if (CSP_NONCE) {
  const nonced = <T extends Element>(el: T): T => {
    if (el.localName === 'style') (el as unknown as HTMLOrSVGElement).nonce = CSP_NONCE;
    return el;
  };
  const create = document.createElement;
  const createNS = document.createElementNS;
  document.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    return nonced(create.call(this, tagName, options));
  } as typeof document.createElement;
  document.createElementNS = function createElementNS(this: Document, ns: string | null, name: string, options?: ElementCreationOptions) {
    return nonced(createNS.call(this, ns, name, options));
  } as typeof document.createElementNS;
}
