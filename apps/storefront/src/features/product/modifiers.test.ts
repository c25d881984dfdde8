import { describe, expect, it } from 'vitest';
import { DEFAULT_VARIANT_ID } from '../../lib/catalog-ids';
import {
  addedMinorOf,
  charCount,
  choiceModifiersOf,
  cleanPicks,
  cleanTexts,
  clipText,
  currencyDigits,
  inputMaxLength,
  lineOptions,
  missingModifiers,
  textModifiersOf,
  textProblem,
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

describe('free-text modifiers on the product page', () => {
  const engraving = {
    id: 'e',
    name: 'Engraving',
    key: 'Engraving',
    modifierRenderType: 'FREE_TEXT',
    mandatory: true,
    freeTextSettings: { minCharCount: 0, maxCharCount: 20, title: 'Engraving', key: 'Engraving' },
  };
  const texts = textModifiersOf([...wire, engraving]);

  it('reads the free-text modifiers with their title, limits and whether they are required, leaving choices out', () => {
    expect(texts).toEqual([
      { key: 'Card', title: 'Card', mandatory: false, maxChars: 500, minChars: 0 },
      { key: 'Engraving', title: 'Engraving', mandatory: true, maxChars: 20, minChars: 0 },
    ]);
  });

  it('falls back to the name and to the most the contract allows, and skips what it cannot read', () => {
    expect(
      textModifiersOf([
        null,
        { modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 10 } },
        { name: 'Note', modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 0, minCharCount: 3 } },
        {
          name: 'Initials',
          key: 'initials',
          modifierRenderType: 'FREE_TEXT',
          freeTextSettings: { title: 'Your initials', maxCharCount: 3, minCharCount: 9 },
        },
        { name: 'Huge', modifierRenderType: 'FREE_TEXT', freeTextSettings: { maxCharCount: 9000, minCharCount: -1 } },
      ]),
    ).toEqual([
      { key: 'Note', title: 'Note', mandatory: false, maxChars: 500, minChars: 3 },
      { key: 'initials', title: 'Your initials', mandatory: false, maxChars: 3, minChars: 3 },
      { key: 'Huge', title: 'Huge', mandatory: false, maxChars: 500, minChars: 0 },
    ]);
    expect(textModifiersOf(undefined)).toEqual([]);
  });

  it('refuses a blank mandatory text, a short one and a long one, and takes the others', () => {
    const [card, engraved] = texts;
    if (!card || !engraved) throw new Error('two free-text modifiers expected');
    expect(textProblem(engraved, undefined)).toBe('Engraving is required: enter a text.');
    expect(textProblem(engraved, '   ')).toBe('Engraving is required: enter a text.');
    expect(textProblem(engraved, 'For Ada')).toBeUndefined();
    expect(textProblem(engraved, 'x'.repeat(21))).toBe('Engraving takes at most 20 characters.');
    // Spaces around the text are trimmed before counting, as the server does.
    expect(textProblem(engraved, ` ${'x'.repeat(20)} `)).toBeUndefined();
    expect(textProblem(card, '')).toBeUndefined();
    const initials = { key: 'i', title: 'Initials', mandatory: false, maxChars: 3, minChars: 2 };
    expect(textProblem(initials, 'A')).toBe('Initials needs at least 2 characters.');
    expect(textProblem(initials, '')).toBeUndefined();
  });

  it('counts, cuts and limits in whole characters, so that an emoji is one and never split', () => {
    expect(charCount('héllo')).toBe(5);
    expect(charCount('ab🎁')).toBe(3);
    expect(clipText('abcdef', 4)).toBe('abcd');
    expect(clipText('ab🎁🎁', 3)).toBe('ab🎁');
    expect(clipText('abc', 4)).toBe('abc');
    expect(inputMaxLength('', 20)).toBe(20);
    expect(inputMaxLength('🎁🎁', 20)).toBe(22);
  });

  it('sends the trimmed texts by key, leaving the blank ones and unknown keys out', () => {
    expect(cleanTexts(texts, { Engraving: '  For Ada ', Card: '   ', Other: 'x' })).toEqual({ Engraving: 'For Ada' });
    expect(cleanTexts(texts, {})).toEqual({});
  });

  it('puts the texts beside the options, or beside the only variant, and leaves them out when there are none', () => {
    expect(lineOptions({ Size: 'L' }, { 'Gift wrap': 'Paper' }, { Engraving: 'For Ada' })).toEqual({
      options: { Size: 'L', 'Gift wrap': 'Paper' },
      customTextFields: { Engraving: 'For Ada' },
    });
    expect(lineOptions({}, {}, { Engraving: 'For Ada' })).toEqual({
      variantId: DEFAULT_VARIANT_ID,
      customTextFields: { Engraving: 'For Ada' },
    });
    expect(lineOptions({}, { 'Ribbon colour': 'Gold' }, { Card: 'Hi' })).toEqual({
      variantId: DEFAULT_VARIANT_ID,
      options: { 'Ribbon colour': 'Gold' },
      customTextFields: { Card: 'Hi' },
    });
    expect(lineOptions({ Size: 'L' }, {}, {})).toEqual({ options: { Size: 'L' } });
  });
});
