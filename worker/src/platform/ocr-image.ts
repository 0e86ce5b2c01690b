/**
 * The image types the local OCR (tesseract's leptonica) decodes, told by their first bytes: a body
 * that is not one of them is refused before it reaches the engine (the OCR service answers 415).
 */
export type OcrImageType = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/bmp' | 'image/tiff'

export function sniffImage(b: Uint8Array): OcrImageType | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((v, k) => b[i + k] === v)
  if (b.length < 12) return null
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  if (at(0, 0x42, 0x4d)) return 'image/bmp'
  if (at(0, 0x49, 0x49, 0x2a, 0x00) || at(0, 0x4d, 0x4d, 0x00, 0x2a)) return 'image/tiff'
  return null
}
