/** The other first-screen icons' path data (icon-paths.ts says why they are apart). No zod here. */
export const MENU_PATH = 'M4 7h16M4 12h16M4 17h16'
export const ARROW_RIGHT_PATH = 'M5 12h14M12 5l7 7-7 7'
export const EXTERNAL_PATH = 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5'
