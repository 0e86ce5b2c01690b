/**
 * The media library (admin-console-part-b.md section 2): the settings screen, and MediaField, the
 * image field every console form uses to pick a file from the program's library or upload one into it.
 * MediaField's props are a stable public entry for other features.
 */
export { MediaField, type MediaFieldProps } from './components/media-field'
export { MediaLibraryPage } from './components/media-library-page'
export { RetryImage } from './components/retry-image'
