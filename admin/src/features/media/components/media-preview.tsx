import type { Attachment } from '../api/media'
import { RetryImage } from './retry-image'

export const isVideo = (contentType: string) => contentType.startsWith('video/')

/** A file of the library as a thumbnail or a full preview: the image (retried when it fails) or the video. */
export function MediaPreview({ attachment, size = 'thumb' }: { attachment: Pick<Attachment, 'public_url' | 'alt_text' | 'title' | 'content_type' | 'width' | 'height'>; size?: 'thumb' | 'full' }) {
  if (isVideo(attachment.content_type)) {
    return size === 'full' ? (
      <video className="media-preview-video" src={attachment.public_url} controls preload="metadata" aria-label={attachment.title || attachment.alt_text} />
    ) : (
      <video className="media-thumb-video" src={attachment.public_url} muted preload="metadata" aria-label={attachment.title || attachment.alt_text} />
    )
  }
  return (
    <RetryImage
      className={size === 'full' ? 'media-preview-image' : 'media-thumb-image'}
      src={attachment.public_url}
      alt={attachment.alt_text || attachment.title}
      width={attachment.width ?? undefined}
      height={attachment.height ?? undefined}
      loading="lazy"
      decoding="async"
    />
  )
}
