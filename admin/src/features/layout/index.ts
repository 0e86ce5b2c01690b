export { CarouselsPage, type ImageFieldProps, type ImageFieldRenderer } from './components/carousels-page'
export { LayoutFrame } from './components/layout-frame'
export { NavigationMenusPage } from './components/navigation-menus-page'
