import { createRoute } from '@tanstack/react-router'
import { MediaLibraryPage } from '../../features/media'
import { programRoute } from './program'

/**
 * Program settings media-library (admin-console-part-b.md section 2): the program's files, upload,
 * preview, title and alt text. A program setting: program update (section 6, "Branding and most settings").
 */
export const mediaLibraryRoute = createRoute({
  getParentRoute: () => programRoute,
  path: 'settings/media-library',
  staticData: { permission: 'program:update', title: 'settings.mediaLibrary' },
  component: MediaLibraryPage,
})
