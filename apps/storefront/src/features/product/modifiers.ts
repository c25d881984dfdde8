import { DEFAULT_VARIANT_ID } from '../../lib/catalog-ids';

/*
 * Choice modifiers on the product page (docs/decisions/0033-choice-modifiers.md): a buyer picks one choice of each
 * TEXT_CHOICES or SWATCH_CHOICES modifier, which adds to the price without making a variant; the cart line names the
 * picks by key in `catalogReference.options.options`, beside the variant's option choices. Free-text modifiers are
 * v1's custom text fields: the buyer types a text (an engraving) that the line carries in
 * `catalogReference.options.customTextFields`, by the modifier's key.
 */

/** One choice of a modifier, its added price in minor units of the store's currency. */
export interface ModifierChoice {
  key: string;
  name: string;
  /** A swatch's colour (hex), for SWATCH_CHOICES. */
  colorCode?: string;
  addedMinor: number;
}

/** A modifier the buyer picks one choice of. */
export interface ChoiceModifier {
  key: string;
  name: string;
  kind: 'text' | 'swatch';
  mandatory: boolean;
  choices: ModifierChoice[];
}

/** The buyer's picks: modifier key → choice key. */
export type Picks = Record<string, string>;

/** A modifier the buyer types a text for (v1's custom text field). */
export interface TextModifier {
  key: string;
  /** The field's label. */
  title: string;
  mandatory: boolean;
  /** The most characters the text may have, and the fewest a text given must have. */
  maxChars: number;
  minChars: number;
}

/** The buyer's texts: modifier key → text as typed. */
export type Texts = Record<string, string>;

/** What the server allows a free-text modifier that names no limit (the contract's most). */
const MAX_TEXT = 500;

const KINDS: Record<string, ChoiceModifier['kind']> = { TEXT_CHOICES: 'text', SWATCH_CHOICES: 'swatch' };

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** How many minor units a major one has in a currency (2 for USD and EUR, 0 for JPY). */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A decimal amount ('2.5', 12) in minor units, rounded to the currency's digits; 0 for nothing readable. */
export function toMinor(amount: string | number | null | undefined, digits = 2): number {
  const n = typeof amount === 'number' ? amount : Number(amount ?? '');
  return Number.isFinite(n) ? Math.round(n * 10 ** digits) : 0;
}

/** Minor units back to a major amount for formatting. */
export const toMajor = (minor: number, digits = 2): number => minor / 10 ** digits;

/**
 * The choice modifiers of a v3 product's `modifiers` (free-text ones and anything unreadable left out), in the
 * product's order. Keys fall back to names: Merx's keys are the names.
 */
export function choiceModifiersOf(modifiers: readonly unknown[] | null | undefined, digits = 2): ChoiceModifier[] {
  const out: ChoiceModifier[] = [];
  for (const raw of modifiers ?? []) {
    const m = record(raw);
    const kind = KINDS[text(m.modifierRenderType)];
    const name = text(m.name);
    if (!kind || !name) continue;
    const choices: ModifierChoice[] = [];
    const list = record(m.choicesSettings).choices;
    for (const rawChoice of Array.isArray(list) ? list : []) {
      const c = record(rawChoice);
      const choiceName = text(c.name);
      if (!choiceName) continue;
      const colorCode = text(c.colorCode);
      choices.push({
        key: text(c.key) || choiceName,
        name: choiceName,
        ...(colorCode ? { colorCode } : {}),
        addedMinor: Math.max(0, toMinor(text(c.addedPrice) || 0, digits)),
      });
    }
    if (choices.length === 0) continue;
    out.push({ key: text(m.key) || name, name, kind, mandatory: m.mandatory === true, choices });
  }
  return out;
}

/** The picked choice of a modifier, if the pick names one of its choices. */
export const pickedChoice = (m: ChoiceModifier, picks: Picks): ModifierChoice | undefined =>
  m.choices.find((c) => c.key === picks[m.key]);

/** What the picked choices add to the unit price, in minor units. */
export const addedMinorOf = (modifiers: readonly ChoiceModifier[], picks: Picks): number =>
  modifiers.reduce((sum, m) => sum + (pickedChoice(m, picks)?.addedMinor ?? 0), 0);

/** The names of the mandatory modifiers not picked yet. */
export const missingModifiers = (modifiers: readonly ChoiceModifier[], picks: Picks): string[] =>
  modifiers.filter((m) => m.mandatory && !pickedChoice(m, picks)).map((m) => m.name);

/** Only the picks that name a modifier and one of its choices (a "None" is no pick). */
export function cleanPicks(modifiers: readonly ChoiceModifier[], picks: Picks): Picks {
  const out: Picks = {};
  for (const m of modifiers) if (pickedChoice(m, picks)) out[m.key] = picks[m.key] as string;
  return out;
}

/** A count of whole characters (an emoji is one), as the server counts a text's length. */
export const charCount = (value: string): number => [...value].length;

/** A count within a limit: a whole number from 0 to the contract's most, or `fallback` for anything else. */
const countOf = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? Math.min(v, MAX_TEXT) : fallback;

/**
 * The free-text modifiers of a v3 product's `modifiers`, in the product's order. The label is the settings' title
 * (the name when it has none); the key falls back to it, as Merx's keys are the names.
 */
export function textModifiersOf(modifiers: readonly unknown[] | null | undefined): TextModifier[] {
  const out: TextModifier[] = [];
  for (const raw of modifiers ?? []) {
    const m = record(raw);
    if (m.modifierRenderType !== 'FREE_TEXT') continue;
    const settings = record(m.freeTextSettings);
    const title = text(settings.title) || text(m.name);
    const key = text(m.key) || text(settings.key) || title;
    if (!title || !key) continue;
    const maxChars = countOf(settings.maxCharCount, MAX_TEXT) || MAX_TEXT;
    const minChars = Math.min(countOf(settings.minCharCount, 0), maxChars);
    out.push({ key, title, mandatory: m.mandatory === true, maxChars, minChars });
  }
  return out;
}

/** A typed text cut to the field's most characters (whole characters: an emoji is not split). */
export const clipText = (value: string, max: number): string =>
  charCount(value) <= max ? value : [...value].slice(0, max).join('');

/**
 * The input's `maxLength`, which counts UTF-16 units: the field's most characters plus the units the text's
 * emoji already take beyond one each, so that a text with emoji is held at the same count of characters.
 */
export const inputMaxLength = (value: string, max: number): number => max + (value.length - charCount(value));

/** What is wrong with a text for its modifier (left blank while mandatory, too short or too long), if anything. */
export function textProblem(m: TextModifier, value: string | undefined): string | undefined {
  const n = charCount((value ?? '').trim());
  if (n === 0) return m.mandatory ? `${m.title} is required: enter a text.` : undefined;
  if (n < m.minChars) return `${m.title} needs at least ${m.minChars} characters.`;
  if (n > m.maxChars) return `${m.title} takes at most ${m.maxChars} characters.`;
  return undefined;
}

/** The texts to send, by modifier key: trimmed, the blank ones and those of no modifier left out. */
export function cleanTexts(modifiers: readonly TextModifier[], texts: Texts): Texts {
  const out: Texts = {};
  for (const m of modifiers) {
    const value = (texts[m.key] ?? '').trim();
    if (value) out[m.key] = value;
  }
  return out;
}

/** A cart line's `catalogReference.options` (a type, not an interface: the contract's loose object indexes it). */
export type LineOptions = {
  variantId?: string;
  options?: Record<string, string>;
  customTextFields?: Record<string, string>;
};

/**
 * A cart line's `catalogReference.options`: the chosen options by name and the picks by key in one map (the
 * server tells them apart by name), or the only variant's id with the picks beside it; the typed texts beside
 * either, when there are some.
 */
export function lineOptions(selection: Record<string, string>, picks: Picks, texts: Texts = {}): LineOptions {
  const hasPicks = Object.keys(picks).length > 0;
  const withTexts = Object.keys(texts).length > 0 ? { customTextFields: { ...texts } } : {};
  if (Object.keys(selection).length > 0) return { options: { ...selection, ...picks }, ...withTexts };
  return hasPicks
    ? { variantId: DEFAULT_VARIANT_ID, options: { ...picks }, ...withTexts }
    : { variantId: DEFAULT_VARIANT_ID, ...withTexts };
}
