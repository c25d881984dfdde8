import type { Executor } from '@merx/db';
import type { TransactionRecord } from '../orders/orders.types.js';

/** Writes what a capture or void changes of a payment: its status, amount, provider id and details. */
export async function updateTransaction(ex: Executor, t: TransactionRecord): Promise<void> {
  await ex
    .updateTable('order_transactions')
    .set({
      status: t.status,
      amount_minor: t.amountMinor,
      provider_transaction_id: t.providerTransactionId,
      details: JSON.stringify(t.details),
      updated_date: t.updatedDate,
    })
    .where('id', '=', t.id)
    .where('order_id', '=', t.orderId)
    .execute();
}
