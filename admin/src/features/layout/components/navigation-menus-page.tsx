import { zodResolver } from '@hookform/resolvers/zod'
import { useQueryClient } from '@tanstack/react-query'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { MAX_NAVIGATION_MENUS, navigationMenusWriteSchema } from '../../../../../sdk/contract/console/layout'
import { Button } from '../../../components/ui/button'
import { Card, CardContent } from '../../../components/ui/card'
import { EmptyState } from '../../../components/ui/empty-state'
import { ErrorBlock } from '../../../components/ui/error-block'
import { CheckboxField, Form, FormErrors, InputField } from '../../../components/ui/form'
import { IconClose, IconPlus } from '../../../components/ui/icons'
import { Skeleton } from '../../../components/ui/skeleton'
import { useI18n } from '../../../lib/i18n'
import { useCurrentProgram } from '../../../lib/use-program'
import { layoutKey, type NavigationMenuList, saveNavigationMenus, useNavigationMenus } from '../api/layout'
import { useLayoutText } from '../messages'
import { saveList } from './save-list'
import { SortableList } from './sortable-list'

type Menu = { name: string; navigation_url: string; show_in_tab: boolean; show_on_logout: boolean }
type Values = { navigation_menus: Menu[] }

const valuesOf = (list: NavigationMenuList): Values => ({
  navigation_menus: list.data.map((m) => ({ name: m.name, navigation_url: m.navigation_url, show_in_tab: m.show_in_tab, show_on_logout: m.show_on_logout })),
})

/** settings/layout/navigation-menus: the site menu's items, reordered by drag or keyboard, saved as one list. */
export function NavigationMenusPage() {
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const menus = useNavigationMenus(program.id)
  if (menus.status === 'pending') {
    return (
      <Card aria-busy="true">
        <span className="sr-only">{t('form.loading')}</span>
        <Skeleton height={240} />
      </Card>
    )
  }
  if (menus.status === 'error') return <ErrorBlock title={t('table.error')} error={menus.error} onRetry={() => void menus.refetch()} />
  return <MenusForm initial={menus.data} />
}

function MenusForm({ initial }: { initial: NavigationMenuList }) {
  const lt = useLayoutText()
  const { t } = useI18n()
  const { program } = useCurrentProgram()
  const programId = program.id
  const queryClient = useQueryClient()
  const form = useForm<Values>({ resolver: zodResolver(navigationMenusWriteSchema) as never, defaultValues: valuesOf(initial) })
  const { fields, append, remove, move } = useFieldArray({ control: form.control, name: 'navigation_menus', keyName: 'key' })
  const current = useWatch({ control: form.control, name: 'navigation_menus' }) ?? []
  const nameAt = (index: number) => current[index]?.name?.trim() || lt('menuItem', { index: index + 1 })

  const submit = async (values: Values) => {
    const saved = await saveList(form as never, () => saveNavigationMenus(programId, values), {
      successTitle: lt('successTitle'),
      success: lt('menusSaved'),
      errorTitle: lt('errorTitle'),
      generic: t('error.generic'),
    })
    if (!saved) return
    queryClient.setQueryData(layoutKey(programId, 'navigation_menus'), { data: saved.data })
    form.reset(valuesOf(saved))
  }

  const full = fields.length >= MAX_NAVIGATION_MENUS
  return (
    <Card className="layout-card">
      <CardContent>
        <p className="layout-intro">{lt('menusSubtitle', { program: program.name })}</p>
        <Form form={form as never} onSubmit={submit as never} className="form layout-form">
          {fields.length === 0 ? (
            <EmptyState title={lt('noMenus')} description={lt('noMenusHint')} />
          ) : (
            <SortableList
              label={lt('menuList')}
              items={fields.map((f, index) => ({ key: f.key, name: nameAt(index) }))}
              onMove={move}
              renderItem={(index, handle) => (
                <fieldset className="layout-item layout-menu">
                  <legend className="sr-only">{nameAt(index)}</legend>
                  <div className="layout-item-handle">{handle}</div>
                  <div className="layout-item-fields">
                    <InputField name={`navigation_menus.${index}.name`} label={lt('field.name')} required autoComplete="off" />
                    <InputField name={`navigation_menus.${index}.navigation_url`} label={lt('field.navigation_url')} required autoComplete="off" inputMode="url" spellCheck={false} hint={lt('field.urlHint')} />
                    <div className="layout-item-flags">
                      <CheckboxField name={`navigation_menus.${index}.show_in_tab`} label={lt('field.show_in_tab')} />
                      <CheckboxField name={`navigation_menus.${index}.show_on_logout`} label={lt('field.show_on_logout')} />
                    </div>
                  </div>
                  <Button variant="ghost" size="sm" className="layout-item-remove" onClick={() => remove(index)} aria-label={lt('remove', { name: nameAt(index) })}>
                    <IconClose />
                  </Button>
                </fieldset>
              )}
            />
          )}
          <div>
            <Button variant="secondary" size="sm" disabled={full} onClick={() => append({ name: '', navigation_url: '', show_in_tab: false, show_on_logout: true }, { shouldFocus: true })}>
              <IconPlus />
              {lt('addMenu')}
            </Button>
            {full && <p className="field-hint">{lt('max', { max: MAX_NAVIGATION_MENUS })}</p>}
          </div>
          <FormErrors />
          <div className="form-actions">
            <Button variant="secondary" onClick={() => form.reset()} disabled={!form.formState.isDirty || form.formState.isSubmitting}>
              {lt('reset')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {lt('save')}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}
