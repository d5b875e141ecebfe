import { useMemo } from 'react';
import { marketDayOf } from '../../domain/market-time';
import { useMarketTz } from '../../lib/market-tz';

/** Today's market day, read when the screen opens (and again if the server's zone arrives after). */
export function useToday(): string {
  const tz = useMarketTz();
  return useMemo(() => marketDayOf(new Date(), tz), [tz]);
}
