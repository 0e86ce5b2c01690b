import Image from '@tiptap/extension-image'
import Link from '@tiptap/extension-link'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { type FormEvent, type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { isSafeLinkUrl } from '../../../../../sdk/contract/console/layout'
import { Button } from '../../../components/ui/button'
import { Dialog, DialogClose } from '../../../components/ui/dialog'
import { FormField } from '../../../components/ui/form-field'
import { Icon } from '../../../components/ui/icons'
import { Input } from '../../../components/ui/input'
import { cx } from '../../../lib/cx'
import { type Attachment, MediaPicker, RetryImage } from '../../media'
import { type PageMessage, usePageText } from '../messages'

type Props = {
  /** The program whose media library Insert image picks from (or uploads into). */
  programId: number
  label: string
  hint?: string
  error?: string | undefined
  value: string
  onChange: (html: string) => void
  onBlur?: () => void
}

/** Tiptap with what the site's sanitizer keeps: headings from h2, lists, quotes, links and images. */
const extensions = [
  StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false }),
  Link.configure({ openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], HTMLAttributes: { target: null, rel: null, class: null } }),
  Image.configure({ inline: false }),
]

/** The editor's HTML, '' when it holds nothing (Tiptap's empty document is `<p></p>`). */
const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML())

/**
 * The page body editor (Tiptap, a maintained ProseMirror editor): a labelled, multi-line textbox with
 * a formatting toolbar (arrow keys move between its buttons). Links take an http(s) URL or a site path;
 * images come from the program's media library (Insert image: pick or upload, then the alt text), like
 * every image field of the console. What the server's sanitizer would drop anyway is never offered.
 */
export function RichTextEditor({ programId, label, hint, error, value, onChange, onBlur }: Props) {
  const labelId = useId()
  const hintId = useId()
  const errorId = useId()
  const changed = useRef(onChange)
  changed.current = onChange
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text-content',
      },
    },
    onUpdate: ({ editor: e }) => changed.current(htmlOf(e)),
    onBlur: () => onBlur?.(),
  })
  // A value set from outside (the saved body after a reload) replaces the document.
  useEffect(() => {
    if (editor && !editor.isDestroyed && value !== htmlOf(editor)) editor.commands.setContent(value || '', { emitUpdate: false })
  }, [editor, value])

  return (
    <div className={cx('field rich-text', error && 'field-invalid')}>
      <span className="field-label" id={labelId} onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      {editor && <Toolbar editor={editor} programId={programId} />}
      <EditorContent editor={editor} className="rich-text-editor" />
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : (
        hint && (
          <p className="field-hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  )
}

type Tool = { key: PageMessage; glyph: ReactNode; run: () => void; active?: boolean; disabled?: boolean }

function Toolbar({ editor, programId }: { editor: Editor; programId: number }) {
  const pt = usePageText()
  const [linking, setLinking] = useState(false)
  const [picking, setPicking] = useState(false)
  const [picked, setPicked] = useState<Attachment | null>(null)
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const chain = () => editor.chain().focus()
  const tools: Tool[] = [
    { key: 'bold', glyph: <strong>B</strong>, run: () => chain().toggleBold().run(), active: state.bold },
    { key: 'italic', glyph: <em>I</em>, run: () => chain().toggleItalic().run(), active: state.italic },
    { key: 'strike', glyph: <s>S</s>, run: () => chain().toggleStrike().run(), active: state.strike },
    { key: 'heading2', glyph: 'H2', run: () => chain().toggleHeading({ level: 2 }).run(), active: state.h2 },
    { key: 'heading3', glyph: 'H3', run: () => chain().toggleHeading({ level: 3 }).run(), active: state.h3 },
    { key: 'bulletList', glyph: <Icon><path d="M9 6h11M9 12h11M9 18h11" /><circle cx="4" cy="6" r="1" /><circle cx="4" cy="12" r="1" /><circle cx="4" cy="18" r="1" /></Icon>, run: () => chain().toggleBulletList().run(), active: state.bullet },
    { key: 'orderedList', glyph: <Icon><path d="M10 6h10M10 12h10M10 18h10M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" /></Icon>, run: () => chain().toggleOrderedList().run(), active: state.ordered },
    { key: 'blockquote', glyph: <Icon><path d="M3 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2H4c-1.25 0-2 .75-2 1.97V11c0 1.25.75 2 2 2h3c0 4-3 5-4 5zM15 21c3 0 7-1 7-8V5c0-1.25-.76-2-2-2h-4c-1.25 0-2 .75-2 1.97V11c0 1.25.75 2 2 2h3c0 4-3 5-4 5z" /></Icon>, run: () => chain().toggleBlockquote().run(), active: state.quote },
    { key: 'link', glyph: <Icon><path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" /><path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" /></Icon>, run: () => setLinking(true), active: state.link },
    { key: 'unlink', glyph: <Icon><path d="m18.84 12.25 1.72-1.71a5 5 0 0 0-7.07-7.07l-1.72 1.71M5.17 11.75l-1.71 1.71a5 5 0 0 0 7.07 7.07l1.71-1.71M8 2v3M2 8h3M16 22v-3M22 16h-3" /></Icon>, run: () => chain().extendMarkRange('link').unsetLink().run(), disabled: !state.link },
    { key: 'image', glyph: <Icon><rect x="3" y="3" width="18" height="18" rx="2" /><circle cx="9" cy="9" r="2" /><path d="m21 15-3.09-3.09a2 2 0 0 0-2.82 0L6 21" /></Icon>, run: () => setPicking(true) },
    { key: 'undo', glyph: <Icon><path d="M3 7v6h6" /><path d="M21 17a9 9 0 0 0-15-6.7L3 13" /></Icon>, run: () => chain().undo().run(), disabled: !state.canUndo },
    { key: 'redo', glyph: <Icon><path d="M21 7v6h-6" /><path d="M3 17a9 9 0 0 1 15-6.7L21 13" /></Icon>, run: () => chain().redo().run(), disabled: !state.canRedo },
  ]
  const [current, setCurrent] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  // Roving focus (WAI-ARIA toolbar): one tab stop, arrow keys, Home and End.
  const move = (event: KeyboardEvent) => {
    const last = tools.length - 1
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const index = next < 0 ? last : next > last ? 0 : next
    setCurrent(index)
    refs.current[index]?.focus()
  }
  return (
    <>
      <div className="rich-text-toolbar" role="toolbar" aria-label={pt('toolbar')} onKeyDown={move}>
        {tools.map((tool, index) => (
          <button
            key={tool.key}
            ref={(el) => {
              refs.current[index] = el
            }}
            type="button"
            className="rich-text-tool"
            tabIndex={index === current ? 0 : -1}
            aria-label={pt(tool.key)}
            title={pt(tool.key)}
            {...(tool.active !== undefined ? { 'aria-pressed': tool.active } : {})}
            aria-disabled={tool.disabled || undefined}
            onFocus={() => setCurrent(index)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => !tool.disabled && tool.run()}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </button>
        ))}
      </div>
      <LinkDialog
        open={linking}
        initial={linking ? ((editor.getAttributes('link').href as string | undefined) ?? '') : ''}
        onClose={() => setLinking(false)}
        onInsert={(url) => {
          chain().extendMarkRange('link').setLink({ href: url }).run()
          setLinking(false)
        }}
      />
      <MediaPicker programId={programId} open={picking} onOpenChange={setPicking} title={pt('imagePick')} accept="image" onPick={setPicked} />
      <ImageDialog
        attachment={picked}
        onClose={() => setPicked(null)}
        onChooseAnother={() => {
          setPicked(null)
          setPicking(true)
        }}
        onInsert={(alt) => {
          if (picked) chain().setImage({ src: picked.public_url, alt }).run()
          setPicked(null)
        }}
      />
    </>
  )
}

/** A link: an http(s) URL, mailto: or a path on the site, checked before it is set. */
function LinkDialog({ open, initial, onClose, onInsert }: { open: boolean; initial: string; onClose: () => void; onInsert: (url: string) => void }) {
  const pt = usePageText()
  const [url, setUrl] = useState('')
  const [error, setError] = useState<string>()
  useEffect(() => {
    if (open) {
      setUrl(initial)
      setError(undefined)
    }
  }, [open, initial])
  const formId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = url.trim()
    if (!isSafeLinkUrl(value)) return setError(pt('badUrl'))
    onInsert(value)
  }
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={pt('linkTitle')}
      actions={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{pt('cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId}>
            {pt('insert')}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={submit} noValidate>
        <FormField label={pt('url')} hint={pt('urlHint')} error={error}>
          {(control) => <Input {...control} value={url} onChange={(e) => setUrl(e.target.value)} inputMode="url" autoComplete="off" placeholder="https://…" />}
        </FormField>
      </form>
    </Dialog>
  )
}

/**
 * Insert image, second step: the file picked in the media library (or just uploaded into it) with its
 * alt text, prefilled from the library's, which the admin may change before inserting.
 */
function ImageDialog({ attachment, onClose, onChooseAnother, onInsert }: { attachment: Attachment | null; onClose: () => void; onChooseAnother: () => void; onInsert: (alt: string) => void }) {
  const pt = usePageText()
  const [alt, setAlt] = useState('')
  useEffect(() => {
    if (attachment) setAlt(attachment.alt_text ?? '')
  }, [attachment])
  const formId = useId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onInsert(alt.trim())
  }
  return (
    <Dialog
      open={attachment !== null}
      onOpenChange={(next) => !next && onClose()}
      title={pt('imageTitle')}
      actions={
        <>
          <DialogClose asChild>
            <Button variant="secondary">{pt('cancel')}</Button>
          </DialogClose>
          <Button type="submit" form={formId}>
            {pt('insert')}
          </Button>
        </>
      }
    >
      {attachment && (
        <form id={formId} className="form" onSubmit={submit} noValidate>
          <div className="rich-text-image-choice">
            <div className="rich-text-image-preview">
              <RetryImage src={attachment.public_url} alt={pt('imagePreview')} />
            </div>
            <div className="rich-text-image-file">
              <span className="rich-text-image-name" title={attachment.public_url}>
                {attachment.title || attachment.file.filename}
              </span>
              <Button variant="secondary" size="sm" onClick={onChooseAnother}>
                {pt('chooseAnother')}
              </Button>
            </div>
          </div>
          <FormField label={pt('alt')} hint={pt('altHint')}>
            {(control) => <Input {...control} value={alt} onChange={(e) => setAlt(e.target.value)} autoComplete="off" />}
          </FormField>
        </form>
      )}
    </Dialog>
  )
}
