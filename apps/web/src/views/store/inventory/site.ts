/** The sites whose stock store/inventory shows (a bound user: its own), as the server lists them. */
import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../../app/request';

export interface StockSite {
  id: number;
  code: string;
  name: string;
  kind: number;
  /** it has a sales floor and a stock room */
  zoned: boolean;
}

export const useStockSites = () =>
  useQuery({ queryKey: ['store', 'stock', 'sites'], queryFn: () => fetchData<StockSite[]>('/store/stock/sites'), staleTime: 60_000 });
