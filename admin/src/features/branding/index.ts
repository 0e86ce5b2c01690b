export { BrandingPage } from './components/branding-page'
export { AssetsSection, BordersSection, ColorsSection, CssSection, FontsSection, ThemeSection } from './components/branding-sections'
