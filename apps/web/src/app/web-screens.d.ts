/** The screens' catalog modules of scripts/web-catalogs.ts: virtual:web-screens/<lang>-<first|all>, and virtual:web-screens/shipped. */
declare module 'virtual:web-screens/*' {
  const catalog: Record<string, unknown>;
  export default catalog;
}
