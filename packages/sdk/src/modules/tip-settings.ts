import type * as c from '@merx/contract';
import { fillPath } from '../encoding.js';
import type { Transport } from '../http.js';
import { type CallOptions, caller, type Empty, type In, type Out } from '../module.js';
import { QueryBuilder } from '../query.js';

const BASE = '/tip-settings/v1/tip-settings';

export type TipSettings = c.TipSettings;
type One = Out<typeof c.tipSettingsResponse>;

/** Tip settings (`ecom_tip-settings`, WIRE.md Appendix B): elevated only. */
export function tipSettings(transport: Transport) {
  const call = caller(transport, 'tipSettings');
  const admin = <T>(
    fn: string,
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body: unknown,
    args: unknown[],
    o?: CallOptions,
  ) => call<T>(fn, { method, path, ...(body === undefined ? {} : { body }), args, options: o, elevated: true });
  return {
    queryTipSettings: (paging: 'cursor' | 'offset' = 'cursor') =>
      new QueryBuilder<TipSettings>(async (query, o) => {
        const body = await admin<Out<typeof c.queryTipSettingsResponse>>(
          'queryTipSettings',
          'POST',
          `${BASE}/query`,
          { query },
          [query],
          o,
        );
        return { items: body.tipSettings, ...body.pagingMetadata };
      }, paging),
    createTipSettings: (settings: In<typeof c.tipSettingsInput>, o?: CallOptions) =>
      admin<One>('createTipSettings', 'POST', BASE, { tipSettings: settings }, [settings], o),
    /** The store's default settings (only this call makes default ones). */
    createDefaultTipSettings: (settings: In<typeof c.tipSettingsInput>, o?: CallOptions) =>
      admin<One>(
        'createDefaultTipSettings',
        'POST',
        `${BASE}/create-default`,
        { tipSettings: settings },
        [settings],
        o,
      ),
    updateTipSettings: (settings: In<typeof c.updateTipSettingsRequest>['tipSettings'], o?: CallOptions) =>
      admin<One>('updateTipSettings', 'PATCH', BASE, { tipSettings: settings }, [settings], o),
    deleteTipSettings: (tipSettingsId: string, o?: CallOptions) =>
      admin<Empty>(
        'deleteTipSettings',
        'DELETE',
        fillPath(`${BASE}/{tipSettingsId}`, { tipSettingsId }),
        undefined,
        [tipSettingsId],
        o,
      ),
  };
}

export type TipSettingsModule = ReturnType<typeof tipSettings>;
