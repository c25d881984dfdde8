import { describe, expect, it } from 'vitest';
import { addressLines, lineOptions } from './words.js';

describe('lineOptions', () => {
  it('names each chosen option with its value, a colour by its name', () => {
    expect(
      lineOptions([
        { name: { original: 'Size' }, plainText: { original: '9' }, lineType: 'PLAIN_TEXT' },
        { name: { original: 'Color' }, colorInfo: { original: 'Tan', code: '#d2b48c' }, lineType: 'COLOR' },
      ]),
    ).toBe('Size: 9 · Color: Tan');
  });

  it('skips lines without a name or a value, and answers empty for none', () => {
    expect(lineOptions([{ name: { original: 'Size' } }, { plainText: { original: 'x' } }])).toBe('');
    expect(lineOptions(undefined)).toBe('');
  });
});

describe('addressLines', () => {
  it('writes street, second line, "City, NY 10001" and the country, without the subdivision\'s country prefix', () => {
    expect(
      addressLines({
        country: 'US',
        subdivision: 'US-NY',
        city: 'New York',
        postalCode: '10001',
        addressLine: '1 Main St',
        addressLine2: 'Apt 4',
      }),
    ).toEqual(['1 Main St', 'Apt 4', 'New York, NY 10001', 'US']);
  });

  it('builds the street from its number and name, and leaves out what is missing', () => {
    expect(addressLines({ streetAddress: { number: '12', name: 'Rue Haute' }, city: 'Lyon', country: 'FR' })).toEqual([
      '12 Rue Haute',
      'Lyon',
      'FR',
    ]);
    expect(addressLines({ postalCode: 'SW1A 1AA' })).toEqual(['SW1A 1AA']);
  });

  it('falls back to the formatted address alone, and is empty for no address', () => {
    expect(addressLines({ formattedAddress: '1 Main St, Springfield', country: 'US' })).toEqual([
      '1 Main St, Springfield',
    ]);
    expect(addressLines({ country: 'US' })).toEqual([]);
    expect(addressLines(undefined)).toEqual([]);
    expect(addressLines({ city: '  ', addressLine: 42 })).toEqual([]);
  });
});
