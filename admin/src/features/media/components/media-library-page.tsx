import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { type AttachmentUpdate, attachmentUpdateSchema } from '../../../../../sdk/contract/console/media'
import { Button } from '../../../components/ui/button'
import { Dialog } from '../../../components/ui/dialog'
import { Form, InputField, TextareaField } from '../../../components/ui/form'
import { PageHeader } from '../../../components/ui/page-header'
import { notify } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/error-message'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { type Attachment, MediaRequestError, mediaKey, updateAttachment } from '../api/media'
import { useMediaText } from '../messages'
import { MediaGrid } from './media-grid'
import { isVideo, MediaPreview } from './media-preview'
import { UploadButton } from './upload-button'

const formatBytes = (bytes: number, formatNumber: (n: number) => string) =>
  bytes >= 1024 * 1024 ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10)} MB` : `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`

const TYPE_LABELS: Record<string, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'video/mp4': 'MP4',
  'video/quicktime': 'QuickTime',
  'video/webm': 'WebM',
  'video/ogg': 'Ogg',
}

/** Edit of one file: its preview, title and alt text ('Success!' 'Attachment updated successfully.' or 'Error!!!'). */
function EditAttachmentDialog({ programId, attachment, onClose }: { programId: number; attachment: Attachment | null; onClose: () => void }) {
  const mt = useMediaText()
  const { formatNumber } = useI18n()
  const queryClient = useQueryClient()
  const form = useForm<AttachmentUpdate>({ resolver: zodResolver(attachmentUpdateSchema), defaultValues: { title: '', alt_text: '' } })
  useEffect(() => {
    if (attachment) form.reset({ title: attachment.title, alt_text: attachment.alt_text })
  }, [attachment, form])

  const save = async (values: AttachmentUpdate) => {
    if (!attachment) return
    try {
      await updateAttachment(programId, attachment.id, values)
      await queryClient.invalidateQueries({ queryKey: mediaKey(programId) })
      notify.success(mt('success'), mt('updated'))
      onClose()
    } catch (err) {
      const errors = err instanceof MediaRequestError ? err.errors : ((err as { fields?: Record<string, string> }).fields ?? {})
      for (const [field, message] of Object.entries(errors)) if (field === 'title' || field === 'alt_text') form.setError(field, { message })
      notify.error(mt('error'), Object.keys(errors).length ? Object.values(errors) : errorMessage(err, mt('error')))
    }
  }

  return (
    <Dialog
      open={attachment !== null}
      onOpenChange={(open) => !open && onClose()}
      title={mt('editTitle')}
      size="lg"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {mt('cancel')}
          </Button>
          <Button type="submit" form="media-edit-form" loading={form.formState.isSubmitting}>
            {mt('save')}
          </Button>
        </>
      }
    >
      {attachment && (
        <div className="media-edit">
          <figure className="media-edit-preview">
            <MediaPreview attachment={attachment} size="full" />
            <figcaption className="media-edit-facts">
              <span>{mt('details', { type: TYPE_LABELS[attachment.content_type] ?? attachment.content_type, size: formatBytes(attachment.byte_size, formatNumber) })}</span>
              {attachment.width !== null && attachment.height !== null && <span>{mt('dimension', { width: formatNumber(attachment.width), height: formatNumber(attachment.height) })}</span>}
              <a href={attachment.public_url} target="_blank" rel="noreferrer" className="media-edit-link">
                {mt('openFile')}
              </a>
            </figcaption>
          </figure>
          <Form form={form} onSubmit={save} id="media-edit-form">
            <InputField name="title" label={mt('fieldTitle')} autoComplete="off" />
            <TextareaField name="alt_text" label={mt('fieldAlt')} hint={mt('altHint')} rows={3} />
          </Form>
        </div>
      )}
    </Dialog>
  )
}

/**
 * settings/media-library (admin-console-part-b.md section 2): the program's files in a grid, 20 a
 * page, with upload (images and videos), preview and edit of title and alt text. Program update.
 */
export function MediaLibraryPage() {
  const mt = useMediaText()
  const { program } = useCurrentProgram()
  const programId = program.id
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<Attachment | null>(null)
  const upload = <UploadButton programId={programId} acceptVideo onUploaded={() => setPage(1)} />
  return (
    <div className="page media-library">
      <PageHeader title={mt('title')} description={mt('subtitle', { program: program.name })} actions={upload} />
      <MediaGrid
        programId={programId}
        acceptVideo
        page={page}
        onPage={setPage}
        renderTile={(a) => {
          const name = a.title || a.file.filename
          return (
            <figure className="media-card">
              <button type="button" className="media-tile-frame media-tile-open" onClick={() => setEditing(a)} aria-label={`${mt('preview')}: ${name}`}>
                <MediaPreview attachment={a} />
                {isVideo(a.content_type) && <span className="media-tile-badge">{mt('video')}</span>}
              </button>
              <figcaption className="media-card-caption">
                <span className="media-tile-name" title={name}>
                  {name}
                </span>
                <Button variant="ghost" size="sm" onClick={() => setEditing(a)} aria-label={`${mt('edit')} ${name}`}>
                  {mt('edit')}
                </Button>
              </figcaption>
            </figure>
          )
        }}
      />
      <EditAttachmentDialog programId={programId} attachment={editing} onClose={() => setEditing(null)} />
    </div>
  )
}
