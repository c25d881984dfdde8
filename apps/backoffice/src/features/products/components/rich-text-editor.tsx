import Image from '@tiptap/extension-image';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';

/** What the editor edits: HTML as the catalog stores descriptions (the server sanitises it). */
export interface RichTextEditorProps {
  value: string;
  onChange: (html: string) => void;
  /** The id of the visible label, and of the hint or error under the editor. */
  labelledBy: string;
  describedBy?: string | undefined;
  invalid?: boolean;
  disabled?: boolean;
  /** The product's images, offered when inserting an image. */
  images?: ReadonlyArray<{ url: string; name: string }>;
}

const HTTP = /^https?:\/\//i;

function tools(editor: Editor) {
  const chain = () => editor.chain().focus();
  return [
    { label: 'Paragraph', text: '¶', on: editor.isActive('paragraph'), run: () => chain().setParagraph().run() },
    {
      label: 'H2 heading',
      text: 'H2',
      on: editor.isActive('heading', { level: 2 }),
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      label: 'H3 subheading',
      text: 'H3',
      on: editor.isActive('heading', { level: 3 }),
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    { sep: 'marks' },
    { label: 'Bold (Ctrl+B)', text: 'B', on: editor.isActive('bold'), run: () => chain().toggleBold().run() },
    { label: 'Italic (Ctrl+I)', text: 'I', on: editor.isActive('italic'), run: () => chain().toggleItalic().run() },
    {
      label: 'Underline (Ctrl+U)',
      text: 'U',
      on: editor.isActive('underline'),
      run: () => chain().toggleUnderline().run(),
    },
    { sep: 'lists' },
    {
      label: 'Bulleted list',
      text: '• List',
      on: editor.isActive('bulletList'),
      run: () => chain().toggleBulletList().run(),
    },
    {
      label: '1. List (numbered)',
      text: '1. List',
      on: editor.isActive('orderedList'),
      run: () => chain().toggleOrderedList().run(),
    },
  ] as const;
}

/**
 * The rich-text editor of descriptions (TipTap): headings, bold, italic, underline, lists, links and images. Its
 * toolbar is one tab stop (arrow keys move along it); Tab leaves the text (inside a list it indents the item).
 */
export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, disabled } = props;
  // The last text this editor reported: the form echoing it back is no change from outside.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    editable: !disabled,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? '' : e.getHTML();
      onChange(emitted.current);
    },
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': props.labelledBy,
        ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
        ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
  });
  // The form changed the value itself (discard, reload): show it without reporting it back as an edit. Its echo of
  // what the editor reported is no such change (typing may already be further on).
  useEffect(() => {
    if (!editor || editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor?.setEditable(!disabled, false);
  }, [editor, disabled]);
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': props.labelledBy,
          ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}),
          ...(props.invalid ? { 'aria-invalid': 'true' } : {}),
        },
      },
    });
  }, [editor, props.labelledBy, props.describedBy, props.invalid]);
  if (!editor) return <div className="rte rte--loading">Loading the editor…</div>;
  return (
    <div className="rte">
      {disabled ? null : <Toolbar editor={editor} images={props.images ?? []} />}
      <EditorContent editor={editor} className="rte__content" />
    </div>
  );
}

type Prompt = 'link' | 'image' | undefined;

function Toolbar({ editor, images }: { editor: Editor; images: ReadonlyArray<{ url: string; name: string }> }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      marks: tools(e).map((t) => ('on' in t ? t.on : false)),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [prompt, setPrompt] = useState<Prompt>();
  const bar = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const list = tools(editor);

  // One tab stop: arrow keys, Home and End move along the toolbar (the ARIA toolbar pattern).
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      e.key === 'ArrowRight'
        ? (at + 1) % buttons.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + buttons.length) % buttons.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? buttons.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setActive(next);
    buttons[next]?.focus();
  };
  let index = -1;
  const stop = () => {
    index++;
    const mine = index;
    return { tabIndex: mine === active ? 0 : -1, onFocus: () => setActive(mine) };
  };
  return (
    <>
      <div
        className="rte__toolbar"
        role="toolbar"
        aria-label="Formatting"
        ref={bar}
        onKeyDown={onKeyDown}
        tabIndex={-1}
      >
        {list.map((t, i) =>
          'sep' in t ? (
            <span key={`sep-${t.sep}`} className="rte__sep" aria-hidden="true" />
          ) : (
            <button
              key={t.label}
              type="button"
              aria-label={t.label}
              title={t.label}
              aria-pressed={state?.marks[i] ?? false}
              onClick={t.run}
              {...stop()}
            >
              {t.text}
            </button>
          ),
        )}
        <span className="rte__sep" aria-hidden="true" />
        <button
          type="button"
          aria-label="Link"
          title="Link"
          aria-pressed={state?.link ?? false}
          aria-expanded={prompt === 'link'}
          onClick={() => setPrompt(prompt === 'link' ? undefined : 'link')}
          {...stop()}
        >
          Link
        </button>
        <button
          type="button"
          aria-label="Image"
          title="Image"
          aria-expanded={prompt === 'image'}
          onClick={() => setPrompt(prompt === 'image' ? undefined : 'image')}
          {...stop()}
        >
          Image
        </button>
        <span className="rte__sep" aria-hidden="true" />
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
      {prompt === 'link' ? <LinkPrompt editor={editor} onDone={() => setPrompt(undefined)} /> : null}
      {prompt === 'image' ? <ImagePrompt editor={editor} images={images} onDone={() => setPrompt(undefined)} /> : null}
    </>
  );
}

/** A small inline form under the toolbar (Escape closes it, and the text gets the focus back). */
function PromptRow({
  children,
  onSubmit,
  onDone,
}: {
  children: React.ReactNode;
  onSubmit: () => void;
  onDone: () => void;
}) {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the inline form from any of its fields
    <div
      className="rte__prompt"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone();
        }
        if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT') {
          e.preventDefault();
          onSubmit();
        }
      }}
    >
      {children}
    </div>
  );
}

function LinkPrompt({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  // Opened by the Link button: the address is typed at once.
  useEffect(() => field.current?.focus(), []);
  const [url, setUrl] = useState<string>(() => editor.getAttributes('link').href ?? '');
  const [error, setError] = useState<string>();
  const close = () => {
    onDone();
    editor.commands.focus();
  };
  const apply = () => {
    const href = url.trim();
    if (!HTTP.test(href) && !href.startsWith('mailto:')) {
      setError('Start the address with https://, http:// or mailto:');
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
    onDone();
  };
  return (
    <PromptRow onSubmit={apply} onDone={close}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>Link address</label>
        <input
          id={id}
          ref={field}
          type="url"
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
    </PromptRow>
  );
}

function ImagePrompt({
  editor,
  images,
  onDone,
}: {
  editor: Editor;
  images: ReadonlyArray<{ url: string; name: string }>;
  onDone: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(images[0]?.url ?? '');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    onDone();
    editor.commands.focus();
  };
  const insert = () => {
    if (!HTTP.test(url.trim())) {
      setError('Choose one of the product’s images or give an address starting with https://');
      return;
    }
    editor.chain().focus().setImage({ src: url.trim(), alt: alt.trim() }).run();
    onDone();
  };
  return (
    <PromptRow onSubmit={insert} onDone={close}>
      {images.length > 0 ? (
        <div className="field">
          <label htmlFor={`${id}-pick`}>Product image</label>
          <select
            id={`${id}-pick`}
            value={images.some((i) => i.url === url) ? url : ''}
            onChange={(e) => setUrl(e.target.value)}
          >
            <option value="">Another address…</option>
            {images.map((img, i) => (
              <option key={img.url} value={img.url}>
                {`Image ${i + 1}${img.name && img.name !== 'Image' ? `: ${img.name}` : ''}`}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>Image address</label>
        <input
          id={id}
          type="url"
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
      <div className="field">
        <label htmlFor={`${id}-alt`}>Text for screen readers</label>
        <input id={`${id}-alt`} type="text" value={alt} onChange={(e) => setAlt(e.target.value)} maxLength={200} />
      </div>
      <button type="button" className="button button--small" onClick={insert}>
        Insert image
      </button>
      <button type="button" className="button button--secondary button--small" onClick={close}>
        Cancel
      </button>
    </PromptRow>
  );
}
