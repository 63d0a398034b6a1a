import Link from '@tiptap/extension-link';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

/**
 * The article body editor (TipTap). It produces HTML the server sanitizes with its allow-list
 * on save; links are limited to http, https and mailto here too, so what staff see is what stays.
 */
export function RichTextEditor({ value, onChange, invalid, id }: { value: string; onChange: (html: string) => void; invalid?: boolean; id?: string }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: false }),
      Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' }),
    ],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { class: 'a-prose', 'aria-label': 'Makale içeriği', id: id ?? 'content-editor', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // Loaded content (edit screen) arrives after the editor exists.
  useEffect(() => {
    if (editor && value && editor.getHTML() !== value && !editor.isFocused) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return null;

  function setLink() {
    const previous = editor!.getAttributes('link').href as string | undefined;
    const url = window.prompt('Bağlantı adresi (https://…, mailto:…)', previous ?? 'https://');
    if (url === null) return;
    if (url.trim() === '') {
      editor!.chain().focus().extendMarkRange('link').unsetLink().run();
      return;
    }
    if (!/^(https?:\/\/|mailto:)/i.test(url.trim())) {
      window.alert('Bağlantı http, https veya mailto ile başlamalıdır.');
      return;
    }
    editor!.chain().focus().extendMarkRange('link').setLink({ href: url.trim() }).run();
  }

  const tools: [string, string, () => boolean, boolean][] = [
    ['B', 'Kalın', () => editor.chain().focus().toggleBold().run(), editor.isActive('bold')],
    ['İ', 'İtalik', () => editor.chain().focus().toggleItalic().run(), editor.isActive('italic')],
    ['S', 'Üstü çizili', () => editor.chain().focus().toggleStrike().run(), editor.isActive('strike')],
    ['H2', 'Başlık', () => editor.chain().focus().toggleHeading({ level: 2 }).run(), editor.isActive('heading', { level: 2 })],
    ['H3', 'Alt başlık', () => editor.chain().focus().toggleHeading({ level: 3 }).run(), editor.isActive('heading', { level: 3 })],
    ['• Liste', 'Madde işaretli liste', () => editor.chain().focus().toggleBulletList().run(), editor.isActive('bulletList')],
    ['1. Liste', 'Numaralı liste', () => editor.chain().focus().toggleOrderedList().run(), editor.isActive('orderedList')],
    ['❝', 'Alıntı', () => editor.chain().focus().toggleBlockquote().run(), editor.isActive('blockquote')],
  ];

  return (
    <div className={`a-editor ${invalid ? 'is-invalid' : ''}`}>
      {/* Mousedown would move focus to the button; TipTap's focus() then only refocuses the editor on the
          next animation frame, so keys typed right after a click (e.g. the first letter after "Kalın") went
          to the button. Keeping focus in the editor makes toggles apply synchronously. Keyboard users still
          reach the buttons with Tab. */}
      <div className="a-toolbar" role="toolbar" aria-label="Biçimlendirme" onMouseDown={(e) => e.preventDefault()}>
        {tools.map(([label, title, run, active]) => (
          <button key={title} type="button" title={title} aria-label={title} aria-pressed={active} className={active ? 'is-active' : ''} onClick={run}>
            {label}
          </button>
        ))}
        <button type="button" title="Bağlantı" aria-label="Bağlantı" aria-pressed={editor.isActive('link')} className={editor.isActive('link') ? 'is-active' : ''} onClick={setLink}>
          Bağlantı
        </button>
        <span className="a-toolbar-sep" />
        <button type="button" title="Geri al" aria-label="Geri al" onClick={() => editor.chain().focus().undo().run()} disabled={!editor.can().undo()}>
          ↶
        </button>
        <button type="button" title="Yinele" aria-label="Yinele" onClick={() => editor.chain().focus().redo().run()} disabled={!editor.can().redo()}>
          ↷
        </button>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
