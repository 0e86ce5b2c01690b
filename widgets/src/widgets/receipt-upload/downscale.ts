/**
 * RECEIPT_LIMITS.clientMaxSide of sdk/contract/receipts.ts, kept here as a plain number so the widget's
 * chunk does not carry the contract's zod schemas (downscale.test.ts checks they agree).
 */
export const CLIENT_MAX_SIDE = 2000

/** The size to draw an image at so its long side is at most `max` pixels (never enlarged). */
export function fitWithin(width: number, height: number, max: number = CLIENT_MAX_SIDE): { width: number; height: number } {
  const long = Math.max(width, height)
  if (long <= max || long === 0) return { width, height }
  const scale = max / long
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** Types the browser can decode and a canvas can redraw; anything else (PDF, HEIC) is sent as it is. */
const REDRAWABLE = /^image\/(jpeg|png|webp|gif|bmp)$/

/**
 * Downscales a photo before upload: at most CLIENT_MAX_SIDE pixels on the long side, as
 * JPEG (quality 0.85), so a 12-megapixel camera photo travels as a few hundred kilobytes. A file that
 * is not a redrawable image, or one the browser cannot decode, goes up unchanged (the server checks
 * the bytes either way).
 */
export async function downscaleForUpload(file: File, quality = 0.85): Promise<File> {
  if (!REDRAWABLE.test(file.type) || typeof createImageBitmap !== 'function') return file
  let bitmap: ImageBitmap
  try {
    bitmap = await createImageBitmap(file)
  } catch {
    return file
  }
  try {
    const size = fitWithin(bitmap.width, bitmap.height)
    // A small JPEG needs no second pass.
    if (size.width === bitmap.width && size.height === bitmap.height && file.type === 'image/jpeg') return file
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const ctx = canvas.getContext('2d')
    if (!ctx) return file
    ctx.fillStyle = '#fff'
    ctx.fillRect(0, 0, size.width, size.height)
    ctx.drawImage(bitmap, 0, 0, size.width, size.height)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
    if (!blob) return file
    return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' })
  } finally {
    bitmap.close()
  }
}
