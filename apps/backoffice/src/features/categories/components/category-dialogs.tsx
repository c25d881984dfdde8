import type { Category } from '@merx/sdk';
import { useState } from 'react';
import { CheckboxField, SelectField, TextField } from '../../../components/field';
import { FormDialog } from '../../../components/form-dialog';
import { fieldErrorsOf } from '../../../lib/errors';
import { toast } from '../../../lib/toasts';
import { useCreateCategory, useRenameCategory } from '../api/categories';
import { refusalOf } from '../lib/refusals';
import { descendantsOf, flatten, type MoveRequest, type Tree } from '../lib/tree';

const MAX_NAME = 80;
const TOP = '';

/** Every category as a choice of parent, indented by depth, but the `refused` ones. */
function parentOptions(tree: Tree, refused: ReadonlySet<string>) {
  return [
    { value: TOP, label: 'Top level (no parent)' },
    ...flatten(tree)
      .filter(({ category }) => !refused.has(category.id))
      .map(({ category, depth }) => ({
        value: category.id,
        label: `${'— '.repeat(depth)}${category.name}${category.visible ? '' : ' (hidden)'}`,
      })),
  ];
}

/** A new category: its name, where it goes (top level or under a category), and whether the shop shows it. */
export function CreateCategoryDialog({
  tree,
  parentId,
  onClose,
  onCreated,
  returnFocus,
}: {
  tree: Tree;
  parentId: string | null;
  onClose: () => void;
  onCreated: (category: Category) => void;
  returnFocus?: () => void;
}) {
  const [name, setName] = useState('');
  const [parent, setParent] = useState(parentId ?? TOP);
  const parentHidden = tree.byId.get(parent)?.visible === false;
  const [visible, setVisible] = useState(!parentHidden);
  const [nameError, setNameError] = useState<string>();
  const create = useCreateCategory();
  const parentName = tree.byId.get(parent)?.name;
  const fieldErrors = fieldErrorsOf(create.error, 'category.');
  return (
    <FormDialog
      title={parentId ? `New category in “${tree.byId.get(parentId)?.name ?? ''}”` : 'New category'}
      submitLabel="Create category"
      busy={create.isPending}
      error={
        create.error && !fieldErrors.name ? refusalOf(create.error, { category: name, parent: parentName }) : undefined
      }
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={() => {
        const trimmed = name.trim();
        if (!trimmed) {
          setNameError('Enter a name.');
          return;
        }
        create.mutate(
          { name: trimmed, parentId: parent || null, visible: visible && !parentHidden },
          {
            onSuccess: (category) => {
              toast(`“${category.name}” created${parentName ? ` in “${parentName}”` : ''}`);
              onCreated(category);
            },
          },
        );
      }}
    >
      <TextField
        label="Name"
        value={name}
        maxLength={MAX_NAME}
        required
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setNameError(undefined);
        }}
        error={nameError ?? fieldErrors.name}
        hint="Shoppers see it in the shop’s menus; its address is made from it."
      />
      <SelectField
        label="Parent category"
        value={parent}
        options={parentOptions(tree, new Set())}
        onChange={(e) => setParent(e.target.value)}
      />
      <CheckboxField
        label="Visible in the shop"
        checked={visible && !parentHidden}
        disabled={parentHidden}
        onChange={(e) => setVisible(e.target.checked)}
        hint={parentHidden ? `“${parentName}” is hidden, so a category inside it is hidden too.` : undefined}
      />
    </FormDialog>
  );
}

/** A new name for a category (its address in the shop stays as it was). */
export function RenameCategoryDialog({
  category,
  onClose,
  returnFocus,
}: {
  category: Category;
  onClose: () => void;
  returnFocus?: () => void;
}) {
  const [name, setName] = useState(category.name);
  const [nameError, setNameError] = useState<string>();
  const rename = useRenameCategory();
  const fieldErrors = fieldErrorsOf(rename.error, 'category.');
  return (
    <FormDialog
      title={`Rename “${category.name}”`}
      submitLabel="Rename"
      busy={rename.isPending}
      error={rename.error && !fieldErrors.name ? refusalOf(rename.error, { category: category.name }) : undefined}
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={() => {
        const trimmed = name.trim();
        if (!trimmed) {
          setNameError('Enter a name.');
          return;
        }
        if (trimmed === category.name) {
          onClose();
          return;
        }
        rename.mutate(
          { category, name: trimmed },
          {
            onSuccess: (saved) => {
              toast(`“${category.name}” renamed “${saved.name}”`);
              onClose();
            },
          },
        );
      }}
    >
      <TextField
        label="Name"
        value={name}
        maxLength={MAX_NAME}
        required
        autoFocus
        onChange={(e) => {
          setName(e.target.value);
          setNameError(undefined);
        }}
        error={nameError ?? fieldErrors.name}
        hint="The category’s address in the shop stays the same, so links to it keep working."
      />
    </FormDialog>
  );
}

/** Where to put a category: under which parent (not under itself or its own subcategories), first or last. */
export function MoveCategoryDialog({
  tree,
  category,
  onClose,
  onMove,
  returnFocus,
}: {
  tree: Tree;
  category: Category;
  onClose: () => void;
  onMove: (move: MoveRequest) => void;
  returnFocus?: () => void;
}) {
  const [parent, setParent] = useState(category.parentCategory.id ?? TOP);
  const [position, setPosition] = useState<'FIRST' | 'LAST'>('LAST');
  const inside = descendantsOf(tree, category.id);
  return (
    <FormDialog
      title={`Move “${category.name}”`}
      submitLabel="Move"
      onClose={onClose}
      returnFocus={returnFocus}
      onSubmit={() => {
        onClose();
        onMove({ id: category.id, parentId: parent || null, position });
      }}
    >
      <SelectField
        label="Put it in"
        value={parent}
        options={parentOptions(tree, new Set([category.id, ...inside]))}
        onChange={(e) => setParent(e.target.value)}
        hint={
          inside.size > 0
            ? 'Its subcategories move along with it, so they aren’t offered: a category can’t go inside itself.'
            : undefined
        }
      />
      <SelectField
        label="Place"
        value={position}
        options={[
          { value: 'FIRST', label: 'First' },
          { value: 'LAST', label: 'Last' },
        ]}
        onChange={(e) => setPosition(e.target.value === 'FIRST' ? 'FIRST' : 'LAST')}
      />
    </FormDialog>
  );
}
