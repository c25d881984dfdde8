import type { RichContent } from '@merx/contract';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { editorToRich, isSafeUrl, richToEditor, sameRichContent } from '../lib/rich-content';
import { richContentExtensions } from './rich-content-schema';
import './rich-content-editor.css';

/** What the editor edits: a rich-content document (the node model of catalog v3). */
export interface RichContentEditorProps {
  value: RichContent;
  onChange: (doc: RichContent) => void;
  /** The id of the visible label, and of the hint or error under the editor. */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
}

interface Tool {
  label: string;
  text: string;
  on: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const chain = (e: Editor) => e.chain().focus();

/** The toolbar's buttons, in groups. */
const TOOLS: Tool[][] = [
  [
    { label: 'Paragraph', text: '¶', on: (e) => e.isActive('paragraph'), run: (e) => chain(e).setParagraph().run() },
    {
      label: 'Heading',
      text: 'H2',
      on: (e) => e.isActive('heading', { level: 2 }),
      run: (e) => chain(e).toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'Subheading',
      text: 'H3',
      on: (e) => e.isActive('heading', { level: 3 }),
      run: (e) => chain(e).toggleHeading({ level: 3 }).run(),
    },
  ],
  [
    { label: 'Bold (Ctrl+B)', text: 'B', on: (e) => e.isActive('bold'), run: (e) => chain(e).toggleBold().run() },
    { label: 'Italic (Ctrl+I)', text: 'I', on: (e) => e.isActive('italic'), run: (e) => chain(e).toggleItalic().run() },
    {
      label: 'Underline (Ctrl+U)',
      text: 'U',
      on: (e) => e.isActive('underline'),
      run: (e) => chain(e).toggleUnderline().run(),
    },
    {
      label: 'Strikethrough (Ctrl+Shift+S)',
      text: 'S',
      on: (e) => e.isActive('strike'),
      run: (e) => chain(e).toggleStrike().run(),
    },
  ],
  [
    {
      label: 'Bulleted list',
      text: '• List',
      on: (e) => e.isActive('bulletList'),
      run: (e) => chain(e).toggleBulletList().run(),
    },
    {
      label: 'Numbered list',
      text: '1. List',
      on: (e) => e.isActive('orderedList'),
      run: (e) => chain(e).toggleOrderedList().run(),
    },
    { label: 'Quote', text: '“ ”', on: (e) => e.isActive('blockquote'), run: (e) => chain(e).toggleBlockquote().run() },
  ],
];

function textboxAttributes(props: RichContentEditorProps): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': props.labelledBy,
    ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
    ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
  };
}

/**
 * The rich-text editor of catalog v3 texts (info sections, descriptions): paragraphs, headings, bold, italic,
 * underline, strikethrough, lists, quotes, links and line breaks (Shift+Enter), writing the node model. What a
 * stored text holds beyond that (tables, images, colours…) is kept as it is and shown as such. The toolbar is one
 * tab stop (arrow keys move along it); Tab leaves the text (inside a list it indents the item).
 */
export function RichContentEditor(props: RichContentEditorProps) {
  const { value, onChange, disabled } = props;
  // The last document this editor reported: the form echoing it back is no change from outside.
  const emitted = useRef(value);
  // The loaded document's metadata and document style, which the editor keeps and does not edit.
  const base = useRef(value);
  const editor = useEditor({
    extensions: richContentExtensions,
    content: richToEditor(value),
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      emitted.current = editorToRich(e.getJSON(), base.current);
      onChange(emitted.current);
    },
    editorProps: { attributes: textboxAttributes(props) },
  });
  // The form changed the value itself (discard, reload, a save's answer): show it without reporting it as an edit.
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    base.current = value;
    if (sameRichContent(value, editorToRich(editor.getJSON(), value))) return;
    editor.commands.setContent(richToEditor(value), { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  const attributes = JSON.stringify(textboxAttributes(props));
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: JSON.parse(attributes) as Record<string, string> } });
  }, [editor, attributes]);
  if (!editor) return <div className="rce rce--loading">Loading the editor…</div>;
  return (
    <div className={`rce${disabled ? ' rce--read-only' : ''}`}>
      {disabled ? null : <Toolbar editor={editor} />}
      <EditorContent editor={editor} className="rce__content" />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      on: TOOLS.flat().map((t) => t.on(e)),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  // One tab stop: arrow keys, Home and End move along the toolbar (the ARIA toolbar pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % buttons.length,
      ArrowLeft: (at - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    buttons[next]?.focus();
  };
  let index = -1;
  const stop = () => {
    index++;
    const mine = index;
    return { tabIndex: mine === active ? 0 : -1, onFocus: () => setActive(mine) };
  };
  let flat = -1;
  const groups: ReactNode[] = TOOLS.map((group, g) => (
    <span key={group[0]?.label} className="rce__group">
      {g > 0 ? <span className="rce__sep" aria-hidden="true" /> : null}
      {group.map((t) => {
        flat++;
        return (
          <button
            key={t.label}
            type="button"
            aria-label={t.label}
            title={t.label}
            aria-pressed={state?.on[flat] ?? false}
            onClick={() => t.run(editor)}
            {...stop()}
          >
            {t.text}
          </button>
        );
      })}
    </span>
  ));
  return (
    <>
      <div className="rce__toolbar" role="toolbar" aria-label="Formatting" ref={bar} onKeyDown={onKeyDown}>
        {groups}
        <span className="rce__sep" aria-hidden="true" />
        <button
          type="button"
          aria-label="Link"
          title="Link"
          aria-pressed={state?.link ?? false}
          aria-expanded={linking}
          onClick={() => setLinking(!linking)}
          {...stop()}
        >
          Link
        </button>
        <span className="rce__sep" aria-hidden="true" />
        <button
          type="button"
          aria-label="Undo (Ctrl+Z)"
          title="Undo"
          disabled={!state?.canUndo}
          onClick={() => editor.chain().focus().undo().run()}
          {...stop()}
        >
          ↶
        </button>
        <button
          type="button"
          aria-label="Redo (Ctrl+Shift+Z)"
          title="Redo"
          disabled={!state?.canRedo}
          onClick={() => editor.chain().focus().redo().run()}
          {...stop()}
        >
          ↷
        </button>
      </div>
      {linking ? <LinkPrompt editor={editor} onDone={() => setLinking(false)} /> : null}
    </>
  );
}

/** The link form under the toolbar: address and new tab; Escape closes it and the text gets the focus back. */
function LinkPrompt({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // Opened by the Link button: the address is typed at once.
  useEffect(() => field.current?.focus(), []);
  const current = editor.getAttributes('link');
  const [url, setUrl] = useState<string>(typeof current.href === 'string' ? current.href : '');
  const [newTab, setNewTab] = useState(current.target === '_blank');
  const [error, setError] = useState<string>();
  const close = () => {
    onDone();
    editor.commands.focus();
  };
  const apply = () => {
    const href = url.trim();
    if (!href || !isSafeUrl(href) || /^(https?:)?$/i.test(href)) {
      setError('Give an address starting with https://, http://, mailto: or tel:, or a page of this shop like /about');
      return;
    }
    editor
      .chain()
      .focus()
      .extendMarkRange('link')
      .setLink({ href, target: newTab ? '_blank' : null })
      .run();
    onDone();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the inline form from any of its fields
    <div
      className="rce__prompt"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          close();
        }
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
          e.preventDefault();
          apply();
        }
      }}
    >
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>Link address</label>
        <input
          id={id}
          ref={field}
          type="text"
          inputMode="url"
          value={url}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setError(undefined);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="field field--check">
        <input id={`${id}-tab`} type="checkbox" checked={newTab} onChange={(e) => setNewTab(e.target.checked)} />
        <label htmlFor={`${id}-tab`}>Open in a new tab</label>
      </div>
      <button type="button" className="button button--small" onClick={apply}>
        Apply link
      </button>
      {editor.isActive('link') ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </button>
      ) : null}
      <button type="button" className="button button--secondary button--small" onClick={close}>
        Cancel
      </button>
    </div>
  );
}
