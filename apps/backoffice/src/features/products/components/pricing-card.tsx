import { MoneyField, TextField } from '../../../components/field';
import { Card } from '../../../components/page';
import { formatMoney, storeMoney } from '../../../lib/format';
import { type DiscountType, type ProductForm, parseAmount } from '../hooks/product-form';
import { currencyDigits } from '../hooks/product-validation';
import { type CardProps, setText } from './card-props';

const unit = 10 ** currencyDigits;
const toMinor = (n: number) => Math.round(n * unit);

/** What a buyer pays, and what the product earns, from the form as it is (as the server works them out). */
export function figuresOf(form: Pick<ProductForm, 'price' | 'discountType' | 'discountValue' | 'cost'>) {
  const price = parseAmount(form.price);
  if (price === undefined || Number.isNaN(price)) return undefined;
  const minor = toMinor(price);
  const d = parseAmount(form.discountValue) ?? 0;
  const value = Number.isNaN(d) ? 0 : d;
  const sale =
    form.discountType === 'PERCENT'
      ? Math.max(0, minor - Math.round((minor * value) / 100))
      : form.discountType === 'AMOUNT'
        ? Math.max(0, minor - toMinor(value))
        : minor;
  const cost = parseAmount(form.cost);
  const costMinor = cost === undefined || Number.isNaN(cost) ? undefined : toMinor(cost);
  const profit = costMinor === undefined ? undefined : sale - costMinor;
  const margin = profit === undefined || sale <= 0 ? undefined : profit / sale;
  return { sale: sale / unit, profit: profit === undefined ? undefined : profit / unit, margin };
}

const percent = new Intl.NumberFormat(storeMoney.locale, { style: 'percent', maximumFractionDigits: 1 });

/** Price with its discount and the sale price, cost with the profit and margin it leaves, worked out as typed. */
export function PricingCard({ form, edit, errors, readOnly }: CardProps) {
  const figures = figuresOf(form);
  return (
    <Card title="Pricing" id="pricing">
      <div className="stack">
        <div className="form-row">
          <MoneyField
            label="Price"
            currency={storeMoney.currency}
            value={form.price}
            onChange={setText(edit, 'price')}
            error={errors['priceData.price']}
            required
            readOnly={readOnly}
          />
          <MoneyField
            label="Cost per item"
            currency={storeMoney.currency}
            value={form.cost}
            onChange={setText(edit, 'cost')}
            error={errors['costAndProfitData.itemCost']}
            hint="Shoppers never see it."
            readOnly={readOnly}
          />
        </div>
        <fieldset disabled={readOnly}>
          <legend>Discount</legend>
          <div className="radio-row">
            {(
              [
                ['NONE', 'No discount'],
                ['PERCENT', 'Percentage'],
                ['AMOUNT', 'Amount off'],
              ] as Array<[DiscountType, string]>
            ).map(([type, label]) => (
              <label key={type}>
                <input
                  type="radio"
                  name="discount-type"
                  value={type}
                  checked={form.discountType === type}
                  onChange={() =>
                    edit((f) => {
                      f.discountType = type;
                    })
                  }
                />
                {label}
              </label>
            ))}
          </div>
          {form.discountType === 'NONE' ? null : (
            <div className="form-row" style={{ marginTop: 8 }}>
              <TextField
                label={form.discountType === 'PERCENT' ? 'Discount (%)' : `Discount (${storeMoney.currency})`}
                inputMode="decimal"
                value={form.discountValue}
                onChange={setText(edit, 'discountValue')}
                error={errors['discount.value']}
                required
              />
            </div>
          )}
        </fieldset>
        <dl className="figures">
          <div>
            <dt>Shoppers pay</dt>
            <dd>{figures ? formatMoney(figures.sale) : '—'}</dd>
          </div>
          <div>
            <dt>Profit</dt>
            <dd className={figures?.profit !== undefined && figures.profit < 0 ? 'negative' : undefined}>
              {figures?.profit !== undefined ? formatMoney(figures.profit) : '—'}
            </dd>
          </div>
          <div>
            <dt>Margin</dt>
            <dd className={figures?.margin !== undefined && figures.margin < 0 ? 'negative' : undefined}>
              {figures?.margin !== undefined ? percent.format(figures.margin) : '—'}
            </dd>
          </div>
        </dl>
      </div>
    </Card>
  );
}
