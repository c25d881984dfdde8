/*
 * Choice modifiers in the product editor (docs/decisions/0033-choice-modifiers.md): a list of choices the buyer picks
 * one of (words or colour swatches), each of which may add to the price, without making a variant. They are read and
 * written through catalog v3, where one `modifiers` list holds the free-text ones (v1's custom text fields, edited in
 * the same card) first and the choice ones after; a list sent replaces the whole of it.
 */

export type ModifierKind = 'TEXT_CHOICES' | 'SWATCH_CHOICES';

export interface ModifierChoiceDraft {
  key: string;
  name: string;
  /** A swatch's colour, `#rrggbb` (kept while the modifier is shown as words, in case it goes back). */
  color: string;
  /** What choosing it adds to the price, as typed; empty: nothing. */
  addedPrice: string;
}

export interface ModifierDraft {
  key: string;
  name: string;
  kind: ModifierKind;
  /** The buyer must pick one before adding to the cart. */
  mandatory: boolean;
  choices: ModifierChoiceDraft[];
}

/** A choice modifier as products v3 answers it (the parts the editor reads). */
export interface WireChoiceModifier {
  name: string;
  modifierRenderType: ModifierKind;
  mandatory: boolean;
  choices: Array<{ name: string; colorCode?: string | undefined; addedPrice?: string | undefined }>;
}

/** A modifier as products v3 takes it. */
export interface ModifierInput {
  name: string;
  modifierRenderType: 'FREE_TEXT' | ModifierKind;
  mandatory: boolean;
  freeTextSettings?: { title: string; maxCharCount: number };
  choicesSettings?: {
    choices: Array<{ name: string; choiceType: 'CHOICE_TEXT' | 'ONE_COLOR'; colorCode?: string; addedPrice?: string }>;
  };
}

/** The free-text part of the form, as the editor keeps it (v1's custom text fields). */
interface TextFieldLike {
  title: string;
  maxLength: string;
  mandatory: boolean;
}

export const DEFAULT_SWATCH = '#000000';

/** The choice modifiers of a v3 product's `modifiers` (the free-text ones are v1's custom text fields). */
export function choiceModifiersOf(list: unknown): WireChoiceModifier[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((m: Record<string, unknown>) => {
    const kind = m.modifierRenderType;
    if (kind !== 'TEXT_CHOICES' && kind !== 'SWATCH_CHOICES') return [];
    const settings = m.choicesSettings as { choices?: Array<Record<string, unknown>> } | undefined;
    return [
      {
        name: String(m.name ?? ''),
        modifierRenderType: kind,
        mandatory: m.mandatory === true,
        choices: (settings?.choices ?? []).map((c) => ({
          name: String(c.name ?? ''),
          colorCode: typeof c.colorCode === 'string' ? c.colorCode : undefined,
          addedPrice: typeof c.addedPrice === 'string' ? c.addedPrice : undefined,
        })),
      },
    ];
  });
}

/** The form's drafts of the product's choice modifiers. */
export function modifierDraftsOf(list: readonly WireChoiceModifier[]): ModifierDraft[] {
  return list.map((m, i) => ({
    key: `m${i}`,
    name: m.name,
    kind: m.modifierRenderType,
    mandatory: m.mandatory,
    choices: m.choices.map((c, j) => ({
      key: `m${i}c${j}`,
      name: c.name,
      color: c.colorCode ?? DEFAULT_SWATCH,
      addedPrice: c.addedPrice && Number(c.addedPrice) !== 0 ? c.addedPrice : '',
    })),
  }));
}

/** `2,50` or ` 2.50 ` → `2.5` (the decimal string v3 takes); empty or zero → undefined. */
export function addedPriceOf(text: string): string | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return undefined;
  const n = Number(t);
  if (!Number.isFinite(n)) return t;
  return n === 0 ? undefined : String(n);
}

/** The choice modifiers as v3 takes them. */
export function choiceInputsOf(modifiers: readonly ModifierDraft[]): ModifierInput[] {
  return modifiers.map((m) => {
    const swatch = m.kind === 'SWATCH_CHOICES';
    return {
      name: m.name.trim(),
      modifierRenderType: m.kind,
      mandatory: m.mandatory,
      choicesSettings: {
        choices: m.choices.map((c) => {
          const added = addedPriceOf(c.addedPrice);
          return {
            name: c.name.trim(),
            choiceType: swatch ? ('ONE_COLOR' as const) : ('CHOICE_TEXT' as const),
            ...(swatch ? { colorCode: c.color.trim().toLowerCase() } : {}),
            ...(added ? { addedPrice: added } : {}),
          };
        }),
      },
    };
  });
}

/** The whole list v3 takes: the free-text modifiers (the form's text fields) first, then the choice ones. */
export function modifiersInputOf(textFields: readonly TextFieldLike[], modifiers: readonly ModifierDraft[]) {
  const freeText = textFields.map(
    (f): ModifierInput => ({
      name: f.title.trim(),
      modifierRenderType: 'FREE_TEXT',
      mandatory: f.mandatory,
      freeTextSettings: { title: f.title.trim(), maxCharCount: Number(f.maxLength) },
    }),
  );
  return [...freeText, ...choiceInputsOf(modifiers)];
}

/** Whether two lists of choice modifiers save the same (row keys, spacing and a swatch colour's case aside). */
export const sameChoiceModifiers = (a: readonly ModifierDraft[], b: readonly ModifierDraft[]) =>
  JSON.stringify(choiceInputsOf(a)) === JSON.stringify(choiceInputsOf(b));

/** What decides whether the modifiers changed, for the form's "unsaved changes": everything but row keys. */
export const comparableModifiers = (modifiers: readonly ModifierDraft[]) =>
  modifiers.map(({ key: _k, choices, ...m }) => ({
    ...m,
    choices: choices.map(({ key: _c, color, ...c }) => ({
      ...c,
      color: m.kind === 'SWATCH_CHOICES' ? color : '',
    })),
  }));

/**
 * Puts the server's violations of a `modifiers` list sent by `modifiersInputOf` back on the form's fields: the first
 * `freeTextCount` are the text fields (`customTextFields[i].title` or `.maxLength`), the rest the choice modifiers
 * (`modifiers[k]…`, as the form's own checks key them). `field` is the violation's field after `product.`.
 */
export function modifierErrorKey(field: string, freeTextCount: number): string | undefined {
  const m = /^modifiers\[(\d+)\](.*)$/.exec(field);
  if (!m) return undefined;
  const i = Number(m[1]);
  const rest = m[2] ?? '';
  if (i < freeTextCount) {
    if (rest.startsWith('.freeTextSettings.maxCharCount')) return `customTextFields[${i}].maxLength`;
    // The name, the title, or the modifier as a whole (a third free-text one): said beside its title.
    return `customTextFields[${i}].title`;
  }
  return `modifiers[${i - freeTextCount}]${rest}`;
}
