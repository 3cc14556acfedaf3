/** Pure helpers of the dictionary screen. */
import type { Lang } from '../../../domain';

/** Module codes and detail numbers (mirrors the shared zod rule of schemas/dictionary.ts). */
export const CODE_PATTERN = /^[A-Za-z0-9_.-]+$/;

export interface DetailNames {
  name: string;
  nameTw: string;
  nameEn: string;
}

/** A detail's name in `lang`, falling back to the simplified-Chinese name when that one is blank. */
export function detailName(d: DetailNames, lang: Lang): string {
  const v = lang === 'zh_TW' ? d.nameTw : lang === 'en_US' ? d.nameEn : d.name;
  return v?.trim() ? v : d.name;
}

/** The module to show details of: the chosen one while it is on the page, else the page's first. */
export function pickModule<T extends { id: number }>(list: T[] | undefined, chosen: number | undefined): T | undefined {
  if (!list?.length) return undefined;
  return list.find((m) => m.id === chosen) ?? list[0];
}

/** The page to show after deleting `removed` rows of a page holding `onPage`. */
export const pageAfterDelete = (page: number, onPage: number, removed: number): number => (page > 1 && onPage <= removed ? page - 1 : page);
