import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '../../../lib/admin';
import { type DayRange, timeZone } from '../periods';

/** Checkouts abandoned on the period's local days: how many are still recoverable and how many were recovered. */
export const abandonedSummaryQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['home', 'abandoned', range.start, range.end, timeZone],
    queryFn: async () => {
      const a = await (await admin()).abandonedCheckouts.getAbandonedCheckoutAnalytics({
        startDate: range.start,
        endDate: range.end,
        timeZone,
      });
      return {
        recoverable: a.recoverableCheckoutCount ?? 0,
        recoverableValue: Number(a.recoverableValue ?? 0),
        recovered: a.recoveredCheckoutCount ?? 0,
        recoveredValue: Number(a.recoveredValue ?? 0),
        rate: a.recoveryRate ?? 0,
      };
    },
  });

export const useAbandonedSummary = (range: DayRange, enabled: boolean) =>
  useQuery({ ...abandonedSummaryQuery(range), enabled });
