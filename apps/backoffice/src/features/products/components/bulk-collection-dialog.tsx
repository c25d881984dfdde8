import { useState } from 'react';
import { SelectField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { messageOf } from '../../../lib/errors';
import type { BulkAction } from '../api/bulk';
import { ALL_PRODUCTS_COLLECTION_ID, useCollectionChoices } from '../api/products';

/** Puts the selected products in one of the store's collections (All Products aside), or takes them out. */
export function BulkCollectionDialog({
  add,
  subject,
  busy,
  onRun,
  onClose,
}: {
  add: boolean;
  /** “3 products” */
  subject: string;
  busy: boolean;
  onRun: (action: BulkAction) => void;
  onClose: () => void;
}) {
  const collections = useCollectionChoices();
  const choices = (collections.data ?? []).filter((c) => c.id !== ALL_PRODUCTS_COLLECTION_ID);
  const [collectionId, setCollectionId] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={`${add ? 'Add' : 'Remove'} ${subject} ${add ? 'to' : 'from'} a collection`}
      submitLabel={add ? 'Add to collection' : 'Remove from collection'}
      busy={busy}
      onClose={onClose}
      onSubmit={() => {
        if (!collectionId) setError('Choose a collection');
        else onRun({ kind: 'collection', collectionId, add });
      }}
    >
      {collections.isPending ? (
        <p className="muted">Loading collections…</p>
      ) : choices.length === 0 ? (
        <p className="muted">This store has no collections yet. Create one under Collections first.</p>
      ) : (
        <SelectField
          label="Collection"
          value={collectionId}
          onChange={(e) => {
            setCollectionId(e.target.value);
            setError(undefined);
          }}
          error={error ?? (collections.error ? messageOf(collections.error) : undefined)}
          options={[{ value: '', label: 'Choose…' }, ...choices.map((c) => ({ value: c.id, label: c.name }))]}
        />
      )}
    </FormDialog>
  );
}
