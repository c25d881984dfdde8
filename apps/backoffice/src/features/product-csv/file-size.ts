import { storeMoney } from '../../lib/format';

const units = ['byte', 'kilobyte', 'megabyte'] as const;
// Bytes in words ("812 bytes": the short form says "byte" whatever the number), larger units short ("3.1 MB").
const formats = units.map(
  (unit) =>
    new Intl.NumberFormat(storeMoney.locale, {
      style: 'unit',
      unit,
      unitDisplay: unit === 'byte' ? 'long' : 'short',
      maximumFractionDigits: 1,
    }),
);

/** A file's size as people read it: 812 bytes, 40.2 kB, 3.1 MB (powers of 1,024, as file managers show them). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < units.length - 1) {
    value /= 1024;
    step++;
  }
  return (formats[step] as Intl.NumberFormat).format(value);
}
