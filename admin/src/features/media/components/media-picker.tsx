import { useState } from 'react'
import { Dialog } from '../../../components/ui/dialog'
import { cx } from '../../../lib/cx'
import type { Attachment } from '../api/media'
import { useMediaText } from '../messages'
import { MediaGrid } from './media-grid'
import { isVideo, MediaPreview } from './media-preview'
import { UploadButton } from './upload-button'

export type MediaPickerProps = {
  programId: number
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The dialog's title; defaults to 'Choose a file'. */
  title?: string
  /** 'image' (default): PNG and JPEG only; 'image-or-video' adds MP4, QuickTime, WebM and Ogg. */
  accept?: 'image' | 'image-or-video'
  /** The public path of the file chosen now, marked as pressed in the grid. */
  selected?: string | null
  /** A file picked in the grid or just uploaded; the picker closes itself afterwards. */
  onPick: (attachment: Attachment) => void
}

/**
 * The media library as a picker dialog: the program's files 20 a page and an upload button; picking a
 * file, or uploading a new one, answers its attachment (public_url, alt_text, title...) and closes.
 * MediaField opens it for image fields; the rich-text editor opens it to insert an image.
 */
export function MediaPicker({ programId, open, onOpenChange, title, accept = 'image', selected, onPick }: MediaPickerProps) {
  const mt = useMediaText()
  const [page, setPage] = useState(1)
  const acceptVideo = accept === 'image-or-video'
  const choose = (attachment: Attachment) => {
    onPick(attachment)
    onOpenChange(false)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title ?? mt('pickTitle')} description={mt('pickDescription')} size="lg" className="media-picker">
      <div className="media-picker-toolbar">
        <UploadButton programId={programId} acceptVideo={acceptVideo} size="sm" onUploaded={choose} />
      </div>
      <div className="media-picker-grid">
        <MediaGrid
          programId={programId}
          acceptVideo={acceptVideo}
          page={page}
          onPage={setPage}
          renderTile={(a) => {
            const name = a.title || a.file.filename
            const isSelected = a.public_url === selected
            return (
              <button type="button" className={cx('media-pick', isSelected && 'media-pick-selected')} onClick={() => choose(a)} aria-pressed={isSelected} aria-label={mt('select', { name })}>
                <span className="media-tile-frame">
                  <MediaPreview attachment={a} />
                  {isVideo(a.content_type) && <span className="media-tile-badge">{mt('video')}</span>}
                </span>
                <span className="media-tile-name">{name}</span>
              </button>
            )
          }}
        />
      </div>
    </Dialog>
  )
}
