import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT_ID } from '../../lib/catalog-ids';
import {
  addedMinorOf,
  choiceModifiersOf,
  cleanPicks,
  currencyDigits,
  lineOptions,
  missingModifiers,
  toMajor,
  toMinor,
} from './modifiers';

/** A v3 product's `modifiers` as the server answers them (orders-modifiers.test.ts). */
const wire = [
  { id: 'c', name: 'Card', key: 'Card', modifierRenderType: 'FREE_TEXT', freeTextSettings: { title: 'Card' } },
  {
    id: 'g',
    name: 'Gift wrap',
    key: 'Gift wrap',
    modifierRenderType: 'TEXT_CHOICES',
    mandatory: true,
    choicesSettings: {
      choices: [
        { choiceId: '1', key: 'None', name: 'None', choiceType: 'CHOICE_TEXT' },
        { choiceId: '2', key: 'Paper', name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.5' },
      ],
    },
  },
  {
    id: 'r',
    name: 'Ribbon colour',
    key: 'Ribbon colour',
    modifierRenderType: 'SWATCH_CHOICES',
    mandatory: false,
    choicesSettings: {
      choices: [
        { key: 'Gold', name: 'Gold', choiceType: 'ONE_COLOR', colorCode: '#d4af37', addedPrice: '1' },
        { key: 'Silver', name: 'Silver', choiceType: 'ONE_COLOR', colorCode: '#c0c0c0' },
      ],
    },
  },
];

describe('choice modifiers on the product page', () => {
  const modifiers = choiceModifiersOf(wire);

  it('reads the choice modifiers with keys, swatch colours and added prices in minor units, leaving free text out', () => {
    expect(modifiers).toEqual([
      {
        key: 'Gift wrap',
        name: 'Gift wrap',
        kind: 'text',
        mandatory: true,
        choices: [
          { key: 'None', name: 'None', addedMinor: 0 },
          { key: 'Paper', name: 'Paper', addedMinor: 250 },
        ],
      },
      {
        key: 'Ribbon colour',
        name: 'Ribbon colour',
        kind: 'swatch',
        mandatory: false,
        choices: [
          { key: 'Gold', name: 'Gold', colorCode: '#d4af37', addedMinor: 100 },
          { key: 'Silver', name: 'Silver', colorCode: '#c0c0c0', addedMinor: 0 },
        ],
      },
    ]);
  });

  it('falls back to names for missing keys and skips what it cannot read', () => {
    expect(
      choiceModifiersOf([
        null,
        'x',
        { name: 'Wrap', modifierRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [{ name: 'Foil' }, {}] } },
        { name: 'Empty', modifierRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [] } },
        { modifierRenderType: 'TEXT_CHOICES', choicesSettings: { choices: [{ name: 'A' }] } },
        { name: 'Odd', modifierRenderType: 'SOMETHING_NEW', choicesSettings: { choices: [{ name: 'A' }] } },
      ]),
    ).toEqual([
      {
        key: 'Wrap',
        name: 'Wrap',
        kind: 'text',
        mandatory: false,
        choices: [{ key: 'Foil', name: 'Foil', addedMinor: 0 }],
      },
    ]);
    expect(choiceModifiersOf(undefined)).toEqual([]);
  });

  it('counts added prices in the currency’s minor units', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(toMinor('0.1')).toBe(10);
    expect(toMinor('0.2')).toBe(20);
    expect(toMinor('1.005', 3)).toBe(1005);
    expect(toMinor('300', 0)).toBe(300);
    expect(toMinor('nope')).toBe(0);
    // 0.1 + 0.2 in floats is not 0.3; in minor units it is.
    expect(toMajor(toMinor(0.1) + toMinor(0.2))).toBe(0.3);
    expect(choiceModifiersOf(wire, 0)[0]?.choices[1]?.addedMinor).toBe(3);
  });

  it('adds the picked choices’ prices and ignores picks that name no choice', () => {
    expect(addedMinorOf(modifiers, {})).toBe(0);
    expect(addedMinorOf(modifiers, { 'Gift wrap': 'Paper' })).toBe(250);
    expect(addedMinorOf(modifiers, { 'Gift wrap': 'Paper', 'Ribbon colour': 'Gold' })).toBe(350);
    expect(addedMinorOf(modifiers, { 'Gift wrap': 'Foil', Size: 'L' })).toBe(0);
  });

  it('names the mandatory modifiers left unpicked', () => {
    expect(missingModifiers(modifiers, {})).toEqual(['Gift wrap']);
    expect(missingModifiers(modifiers, { 'Gift wrap': 'Foil' })).toEqual(['Gift wrap']);
    expect(missingModifiers(modifiers, { 'Gift wrap': 'None' })).toEqual([]);
    expect(cleanPicks(modifiers, { 'Gift wrap': 'None', 'Ribbon colour': '', Other: 'x' })).toEqual({
      'Gift wrap': 'None',
    });
  });

  it('puts the picks beside the chosen options, or beside the only variant, and keeps the old line without picks', () => {
    expect(lineOptions({ Size: 'L' }, {})).toEqual({ options: { Size: 'L' } });
    expect(lineOptions({}, {})).toEqual({ variantId: DEFAULT_VARIANT_ID });
    expect(lineOptions({ Size: 'L' }, { 'Gift wrap': 'Paper' })).toEqual({
      options: { Size: 'L', 'Gift wrap': 'Paper' },
    });
    expect(lineOptions({}, { 'Ribbon colour': 'Gold' })).toEqual({
      variantId: DEFAULT_VARIANT_ID,
      options: { 'Ribbon colour': 'Gold' },
    });
  });
});
