import { describe, expect, it, vi } from 'vitest';
import {
  addedPriceOf,
  choiceModifiersOf,
  type ModifierDraft,
  modifierDraftsOf,
  modifierErrorKey,
  modifiersInputOf,
  sameChoiceModifiers,
} from './modifiers';
import { comparable, emptyForm, type ProductForm } from './product-form';
import { validateProduct } from './product-validation';
import { addTag, sameTags, tagsOf } from './tags';

// The form's checks read the store's currency from the page's boot data; here is no page, so the defaults apply.
vi.hoisted(() => {
  (globalThis as { document?: unknown }).document ??= { getElementById: () => null };
});

/** `modifiers` as products v3 answers them (the shape of orders-modifiers.test.ts). */
const read = [
  {
    id: 'x1',
    name: 'Card',
    key: 'Card',
    modifierRenderType: 'FREE_TEXT',
    mandatory: false,
    freeTextSettings: { minCharCount: 0, maxCharCount: 80, title: 'Card', key: 'Card' },
  },
  {
    id: 'x2',
    name: 'Gift wrap',
    key: 'Gift wrap',
    modifierRenderType: 'TEXT_CHOICES',
    mandatory: true,
    choicesSettings: {
      choices: [
        { choiceId: 'c1', key: 'None', name: 'None', choiceType: 'CHOICE_TEXT', linkedMedia: [] },
        { choiceId: 'c2', key: 'Paper', name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.5', linkedMedia: [] },
      ],
    },
  },
  {
    id: 'x3',
    name: 'Ribbon colour',
    key: 'Ribbon colour',
    modifierRenderType: 'SWATCH_CHOICES',
    mandatory: false,
    choicesSettings: {
      choices: [{ key: 'Gold', name: 'Gold', choiceType: 'ONE_COLOR', colorCode: '#d4af37', addedPrice: '1' }],
    },
  },
];

const formWith = (modifiers: ModifierDraft[], extra: Partial<ProductForm> = {}): ProductForm => ({
  ...emptyForm(),
  name: 'Mug',
  price: '10',
  modifiers,
  ...extra,
});

const choice = (name: string, extra: Partial<ModifierDraft['choices'][number]> = {}) => ({
  key: `k-${name}-${crypto.randomUUID()}`,
  name,
  color: '#000000',
  addedPrice: '',
  ...extra,
});

describe('choice modifiers in the product editor', () => {
  it('reads the choice modifiers of a v3 product (the free-text ones are the text fields)', () => {
    const wire = choiceModifiersOf(read);
    expect(wire.map((m) => m.name)).toEqual(['Gift wrap', 'Ribbon colour']);
    const drafts = modifierDraftsOf(wire);
    expect(drafts[0]).toMatchObject({
      name: 'Gift wrap',
      kind: 'TEXT_CHOICES',
      mandatory: true,
      choices: [
        { name: 'None', addedPrice: '' },
        { name: 'Paper', addedPrice: '2.5' },
      ],
    });
    expect(drafts[1]?.choices[0]).toMatchObject({ name: 'Gold', color: '#d4af37', addedPrice: '1' });
    expect(choiceModifiersOf(undefined)).toEqual([]);
  });

  it('writes the whole list as v3 takes it: the text fields first, swatches with a colour, prices as decimals', () => {
    const drafts = modifierDraftsOf(choiceModifiersOf(read));
    const first = drafts[0] as ModifierDraft;
    first.choices.push(choice(' Foil ', { addedPrice: '3,50', color: '#ABCDEF' }));
    const list = modifiersInputOf([{ title: ' Card ', maxLength: '80', mandatory: true }], drafts);
    expect(list).toEqual([
      {
        name: 'Card',
        modifierRenderType: 'FREE_TEXT',
        mandatory: true,
        freeTextSettings: { title: 'Card', maxCharCount: 80 },
      },
      {
        name: 'Gift wrap',
        modifierRenderType: 'TEXT_CHOICES',
        mandatory: true,
        choicesSettings: {
          choices: [
            { name: 'None', choiceType: 'CHOICE_TEXT' },
            { name: 'Paper', choiceType: 'CHOICE_TEXT', addedPrice: '2.5' },
            // A text choice carries no colour, whatever the draft kept.
            { name: 'Foil', choiceType: 'CHOICE_TEXT', addedPrice: '3.5' },
          ],
        },
      },
      {
        name: 'Ribbon colour',
        modifierRenderType: 'SWATCH_CHOICES',
        mandatory: false,
        choicesSettings: {
          choices: [{ name: 'Gold', choiceType: 'ONE_COLOR', colorCode: '#d4af37', addedPrice: '1' }],
        },
      },
    ]);
    expect([addedPriceOf(''), addedPriceOf('0'), addedPriceOf('0.00'), addedPriceOf(' 2.50 ')]).toEqual([
      undefined,
      undefined,
      undefined,
      '2.5',
    ]);
  });

  it('counts a modifier as changed only when what it saves changed', () => {
    const before = modifierDraftsOf(choiceModifiersOf(read));
    const same = structuredClone(before);
    (same[0] as ModifierDraft).key = 'other';
    (same[0] as ModifierDraft).name = ' Gift wrap ';
    expect(sameChoiceModifiers(before, same)).toBe(true);
    // Row keys are not data: a form whose rows got new keys is unchanged.
    const rekeyed = structuredClone(before).map((m, i) => ({ ...m, key: `new-${i}` }));
    expect(JSON.stringify(comparable(formWith(rekeyed)))).toBe(JSON.stringify(comparable(formWith(before))));
    const priced = structuredClone(before);
    ((priced[0] as ModifierDraft).choices[0] as { addedPrice: string }).addedPrice = '1';
    expect(sameChoiceModifiers(before, priced)).toBe(false);
    const swatched = structuredClone(before);
    (swatched[0] as ModifierDraft).kind = 'SWATCH_CHOICES';
    expect(sameChoiceModifiers(before, swatched)).toBe(false);
  });

  it('checks names, choices, colours and prices before saving, keyed as the server names them', () => {
    const errors = validateProduct(
      formWith(
        [
          {
            key: 'a',
            name: 'size',
            kind: 'TEXT_CHOICES',
            mandatory: true,
            choices: [choice('Paper'), choice(' paper '), choice('Foil', { addedPrice: '-1' })],
          },
          {
            key: 'b',
            name: 'Ribbon',
            kind: 'SWATCH_CHOICES',
            mandatory: false,
            choices: [choice('Gold', { color: '#12345' }), choice('', { color: '#abc', addedPrice: '1.999' })],
          },
          { key: 'c', name: 'Engraving', kind: 'TEXT_CHOICES', mandatory: false, choices: [] },
          { key: 'd', name: 'RIBBON', kind: 'TEXT_CHOICES', mandatory: false, choices: [choice('A')] },
        ],
        {
          options: [
            {
              key: 'o',
              name: 'Size',
              optionType: 'drop_down',
              choices: [{ key: 'c', name: 'S', color: '#000000', mediaKeys: [] }],
            },
          ],
          textFields: [{ key: 't', title: 'Engraving', maxLength: '20', mandatory: false }],
        },
      ),
    );
    const of = (prefix: string) => Object.fromEntries(Object.entries(errors).filter(([k]) => k.startsWith(prefix)));
    expect(of('modifiers')).toEqual({
      'modifiers[0].name': 'An option, text field or other customer choice has this name',
      'modifiers[0].choicesSettings.choices[1].name': 'Another choice has this name',
      'modifiers[0].choicesSettings.choices[2].addedPrice': 'Must not be negative',
      'modifiers[1].choicesSettings.choices[0].colorCode': 'Choose a colour like #1a2b3c',
      'modifiers[1].choicesSettings.choices[1].name': 'Required',
      'modifiers[1].choicesSettings.choices[1].addedPrice': 'Use at most 2 decimal places',
      'modifiers[2].name': 'An option, text field or other customer choice has this name',
      'modifiers[2].choicesSettings.choices': 'Add at least one choice',
      'modifiers[3].name': 'An option, text field or other customer choice has this name',
    });
    expect(
      validateProduct(
        formWith([
          {
            key: 'a',
            name: 'Gift wrap',
            kind: 'SWATCH_CHOICES',
            mandatory: true,
            choices: [choice('Gold', { color: '#d4af37', addedPrice: '2.50' }), choice('Red', { color: '#f00' })],
          },
        ]),
      ),
    ).toEqual({});
  });

  it('puts the server’s violations on the form’s fields, the text fields counted first', () => {
    expect(modifierErrorKey('modifiers[2].choicesSettings.choices[1].name', 1)).toBe(
      'modifiers[1].choicesSettings.choices[1].name',
    );
    expect(modifierErrorKey('modifiers[1].choicesSettings.choices[0].colorCode', 1)).toBe(
      'modifiers[0].choicesSettings.choices[0].colorCode',
    );
    expect(modifierErrorKey('modifiers[0].name', 0)).toBe('modifiers[0].name');
    expect(modifierErrorKey('modifiers[1].name', 2)).toBe('customTextFields[1].title');
    expect(modifierErrorKey('modifiers[0].freeTextSettings.maxCharCount', 1)).toBe('customTextFields[0].maxLength');
    expect(modifierErrorKey('modifiers[2]', 3)).toBe('customTextFields[2].title');
    expect(modifierErrorKey('brand', 0)).toBeUndefined();
  });
});

describe('public tags in the product editor', () => {
  it('reads both lists and adds typed tags once, trimmed', () => {
    expect(tagsOf({ publicTags: { tagIds: ['summer'] }, privateTags: { tagIds: ['staff-pick'] } })).toEqual({
      public: ['summer'],
      private: ['staff-pick'],
    });
    expect(tagsOf(undefined)).toEqual({ public: [], private: [] });
    expect(addTag(['summer'], '  gift   idea ')).toEqual({ tags: ['summer', 'gift idea'] });
    expect(addTag(['summer'], 'Summer')).toEqual({ error: '“Summer” is already a tag' });
    expect(addTag([], '   ')).toEqual({ error: 'Type a tag first' });
    expect(addTag([], 'x'.repeat(101))).toEqual({ error: 'Use at most 100 characters' });
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
  });
});
