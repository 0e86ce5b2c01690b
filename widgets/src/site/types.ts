import type { PublicProgram } from '../../../sdk/contract/program'

export type PublishedPage = PublicProgram['published_program_pages'][number]
export type NavigationMenu = PublicProgram['navigation_menus'][number]
