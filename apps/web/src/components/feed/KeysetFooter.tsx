/** The footer of a keyset-paged list: how many rows are shown, "load more", and the page size. */
import { Button, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './feed.css';

export interface KeysetPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

export function KeysetFooter({
  pages,
  shown,
  pageSize,
  pageSizes,
  onPageSize,
  testId,
  note,
}: {
  pages: KeysetPages;
  /** rows on the screen */
  shown: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageSize: (n: number) => void;
  testId: string;
  /** a note after the count (e.g. the planner's estimate) */
  note?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="feed-footer" data-testid={`${testId}-footer`}>
      <span className="ops-muted" data-testid={`${testId}-shown`}>
        {pages.hasNextPage ? t('feeds.shown', { count: shown }) : t('feeds.end', { count: shown })}
        {note}
      </span>
      <Space size={8} wrap>
        {pages.hasNextPage && (
          <Button onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage} data-testid={`${testId}-more`}>
            {t('feeds.loadMore')}
          </Button>
        )}
        <Select
          size="small"
          value={pageSize}
          onChange={onPageSize}
          options={pageSizes.map((n) => ({ value: n, label: t('feeds.perPage', { count: n }) }))}
          style={{ width: 110 }}
          data-testid={`${testId}-page-size`}
        />
      </Space>
    </div>
  );
}
