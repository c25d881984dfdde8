/** An error answered in Stripe's envelope `{error: {type, code, decline_code, message, param}}`. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error',
    message: string,
    readonly fields: { code?: string; decline_code?: string; param?: string; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
  }

  /** The answer's body, as Stripe writes it. */
  body(): { error: Record<string, unknown> } {
    const { code, decline_code, param, extra } = this.fields;
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(code ? { code, doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}` } : {}),
        ...(decline_code ? { decline_code } : {}),
        ...(param ? { param } : {}),
        ...extra,
      },
    };
  }
}

/** 400: a parameter is missing or wrong. */
export const badRequest = (message: string, param?: string, code = 'parameter_invalid') =>
  new StandInError(400, 'invalid_request_error', message, { code, ...(param ? { param } : {}) });

/** 404: no such object. */
export const missing = (kind: string, id: string, param = 'id') =>
  new StandInError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, { code: 'resource_missing', param });
