/**
 * The media library (admin-console-part-b.md section 2): the settings screen, and MediaField, the
 * image field every console form uses to pick a file from the program's library or upload one into it.
 * MediaField's and MediaPicker's props are a stable public entry for other features; MediaPicker is
 * the bare picker dialog, for flows that need the chosen file itself (its alt text), such as the
 * rich-text editor's Insert image.
 */
export type { Attachment } from './api/media'
export { MediaField, type MediaFieldProps } from './components/media-field'
export { MediaLibraryPage } from './components/media-library-page'
export { MediaPicker, type MediaPickerProps } from './components/media-picker'
export { RetryImage } from './components/retry-image'
