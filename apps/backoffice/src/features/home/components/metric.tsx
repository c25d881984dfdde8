import type { Change } from '../periods';

const arrows = { up: '▲', down: '▼', same: '■' } as const;

/** A figure with its name and how it changed, said in words (the arrow and colour only repeat them). */
export function Metric({ label, value, change }: { label: string; value: string; change?: Change | undefined }) {
  return (
    <div className="metric">
      <dt>{label}</dt>
      <dd className="metric__value">{value}</dd>
      {change ? (
        <dd className={`metric__change metric__change--${change.direction}`}>
          <span aria-hidden="true">{arrows[change.direction]} </span>
          {change.text}
        </dd>
      ) : null}
    </div>
  );
}
