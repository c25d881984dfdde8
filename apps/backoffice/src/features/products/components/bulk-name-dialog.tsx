import { useState } from 'react';
import { SelectField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import type { BulkAction } from '../api/bulk';
import { searchBrands, searchRibbons } from '../api/catalog-entities';
import type { NamedRef } from '../api/products';
import { EntityCombobox } from './entity-combobox';

/** The words and limits of each kind (the server's name limits). */
const KINDS = {
  ribbon: { Noun: 'Ribbon', search: searchRibbons, maxLength: 30, example: '“Sale” or “New”' },
  brand: { Noun: 'Brand', search: searchBrands, maxLength: 50, example: 'the maker’s name' },
} as const;

/**
 * Gives the selected products one ribbon or brand (an existing one, or a new name, made when applied), or takes it
 * off them all.
 */
export function BulkNameDialog({
  kind,
  subject,
  busy,
  onRun,
  onClose,
}: {
  kind: 'ribbon' | 'brand';
  /** “3 products” */
  subject: string;
  busy: boolean;
  onRun: (action: BulkAction & { kind: 'ribbon' | 'brand' }) => void;
  onClose: () => void;
}) {
  const { Noun, search, maxLength, example } = KINDS[kind];
  const [mode, setMode] = useState<'set' | 'clear'>('set');
  const [value, setValue] = useState<NamedRef | null>(null);
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={`${Noun} of ${subject}`}
      submitLabel={mode === 'set' ? `Set ${kind}` : `Remove ${kind}`}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        const name = value?.name.trim() ?? '';
        if (mode === 'clear') onRun({ kind, name: '' });
        else if (!name) setError(`Choose a ${kind}, or type the name of a new one`);
        else onRun({ kind, name });
      }}
    >
      <SelectField
        label="What to do"
        value={mode}
        onChange={(e) => {
          setMode(e.target.value as typeof mode);
          setError(undefined);
        }}
        options={[
          { value: 'set', label: `Set the ${kind}` },
          { value: 'clear', label: `Remove the ${kind}` },
        ]}
      />
      {mode === 'set' ? (
        <EntityCombobox
          label={Noun}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          search={search}
          searchKey={`${kind}s`}
          createNoun={kind}
          createdWhen="when you apply"
          maxLength={maxLength}
          error={error}
          readOnly={false}
          placeholder={`Search, or type a new ${kind}`}
          hint={`Such as ${example}. It replaces the ${kind} each product had.`}
        />
      ) : (
        <p className="muted">Every selected product is left without a {kind}.</p>
      )}
    </FormDialog>
  );
}
