/** Deep-merge catalog parts (one folder per area, so that areas add keys without touching one file). */
export function mergeCatalogs(...parts: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [k, v] of Object.entries(part)) {
      const prev = out[k];
      out[k] =
        v && typeof v === 'object' && prev && typeof prev === 'object'
          ? mergeCatalogs(prev as Record<string, unknown>, v as Record<string, unknown>)
          : v;
    }
  }
  return out;
}
