export { GeneralSettingsPage } from './components/general-page'
export { EnrollmentSettingsPage, LabelsSettingsPage, SeoSettingsPage } from './components/program-forms'
export { ProfileAttributeFormPage, ProfileAttributesPage } from './components/profile-attributes'
export { TiersSettingsPage } from './components/tiers-page'
