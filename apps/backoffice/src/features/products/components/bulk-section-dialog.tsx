import { useState } from 'react';
import { SelectField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import type { BulkAction } from '../api/bulk';
import { searchInfoSections } from '../api/catalog-entities';
import type { NamedRef } from '../api/products';
import { EntityCombobox } from './entity-combobox';

const MODES = [
  { value: 'add', label: 'Add an info section' },
  { value: 'remove', label: 'Remove an info section' },
] as const;

/**
 * Adds one of the store's shared info sections to the selected products (after the ones each uses) or takes it off
 * them. Sections are chosen, never made here: they are written on the Info sections page.
 */
export function BulkSectionDialog({
  subject,
  busy,
  onRun,
  onClose,
}: {
  /** “3 products” */
  subject: string;
  busy: boolean;
  onRun: (action: BulkAction & { kind: 'info-section' }, name: string) => void;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [section, setSection] = useState<NamedRef | null>(null);
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={`Info sections of ${subject}`}
      submitLabel={mode === 'add' ? 'Add section' : 'Remove section'}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (!section?.id) setError('Choose an info section from the list');
        else onRun({ kind: 'info-section', sectionId: section.id, add: mode === 'add' }, section.name);
      }}
    >
      <SelectField
        label="What to do"
        value={mode}
        onChange={(e) => setMode(e.target.value as typeof mode)}
        options={MODES}
      />
      <EntityCombobox
        label="Info section"
        value={section}
        onChange={(next) => {
          setSection(next);
          setError(undefined);
        }}
        search={searchInfoSections}
        searchKey="info-sections"
        error={error}
        readOnly={false}
        placeholder="Search by unique name or title"
        hint={
          mode === 'add'
            ? 'It shows after the shared sections each product already uses. A product with sections of its own loses them: shared sections replace them.'
            : 'Products without this section are left as they are.'
        }
      />
    </FormDialog>
  );
}
