import { useId } from 'react';

/**
 * A labelled progress bar with what it measures in words beside it ("1.2 MB of 3 MB"). `value` is 0 to 1, or
 * undefined while the amount is not known yet (the bar then moves without a figure).
 */
export function ProgressMeter({ label, value, detail }: { label: string; value: number | undefined; detail: string }) {
  const id = useId();
  const percent = value === undefined ? undefined : Math.floor(value * 100);
  return (
    <div className="csv-meter">
      <div className="csv-meter__top">
        <span id={id} className="csv-meter__label">
          {label}
        </span>
        {percent === undefined ? null : <span className="csv-meter__percent">{percent} %</span>}
      </div>
      <progress aria-labelledby={id} max={1} {...(value === undefined ? {} : { value })}>
        {percent === undefined ? '' : `${percent} %`}
      </progress>
      <p className="csv-meter__detail">{detail}</p>
    </div>
  );
}
