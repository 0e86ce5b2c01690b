import type { ComponentProps, ReactNode } from 'react'
import {
  Controller,
  type FieldValues,
  FormProvider,
  get,
  type SubmitHandler,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form'
import { useI18n } from '../../lib/i18n'
import { Checkbox } from './checkbox'
import { FormField } from './form-field'
import { Input } from './input'
import { Select, type SelectOption } from './select'
import { Textarea } from './textarea'

/** The root error key server messages that name no field are kept under. */
export const SERVER_ERROR = 'root.server'

type FormProps<T extends FieldValues> = {
  form: UseFormReturn<T>
  onSubmit: SubmitHandler<T>
  children: ReactNode
  className?: string
  id?: string
}

/**
 * A <form> wired to react-hook-form: fields below read their registration and errors from it, so a
 * screen writes `<InputField name="name" label="Name" />` and nothing else.
 */
export function Form<T extends FieldValues>({ form, onSubmit, children, className, id }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <form id={id} className={className ?? 'form'} onSubmit={form.handleSubmit(onSubmit)} noValidate>
        {children}
      </form>
    </FormProvider>
  )
}

type FieldBase = { name: string; label: ReactNode; hint?: ReactNode; className?: string }

/** The field's message (client rule or server error set with setError), in the user's language. */
function useFieldError(name: string): string | undefined {
  const { tm } = useI18n()
  const {
    formState: { errors },
  } = useFormContext()
  return tm((get(errors, name) as { message?: string } | undefined)?.message)
}

export function InputField({ name, label, hint, className, type, ...input }: FieldBase & ComponentProps<'input'>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input {...input} {...control} type={type} {...register(name, { valueAsNumber: type === 'number' })} />
      )}
    </FormField>
  )
}

export function TextareaField({ name, label, hint, className, ...rest }: FieldBase & ComponentProps<'textarea'>) {
  const { register } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => <Textarea {...rest} {...control} {...register(name)} />}
    </FormField>
  )
}

export function SelectField({
  name,
  label,
  hint,
  className,
  options,
  placeholder,
}: FieldBase & { options: readonly SelectOption[]; placeholder?: string }) {
  const { control: formControl } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Controller
          name={name}
          control={formControl}
          render={({ field }) => (
            <Select
              {...control}
              ref={field.ref}
              name={field.name}
              value={field.value == null ? undefined : String(field.value)}
              onValueChange={field.onChange}
              onBlur={field.onBlur}
              options={options}
              placeholder={placeholder}
            />
          )}
        />
      )}
    </FormField>
  )
}

export function CheckboxField({ name, label, hint, className }: FieldBase) {
  const { control: formControl } = useFormContext()
  const error = useFieldError(name)
  return (
    <FormField label={label} hint={hint} error={error} className={className} inline>
      {(control) => (
        <Controller
          name={name}
          control={formControl}
          render={({ field }) => (
            <Checkbox
              {...control}
              name={field.name}
              checked={Boolean(field.value)}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
      )}
    </FormField>
  )
}

/** Server messages that belong to no field, above the submit button. */
export function FormErrors() {
  const {
    formState: { errors },
  } = useFormContext()
  const message = (get(errors, SERVER_ERROR) as { message?: string } | undefined)?.message
  if (!message) return null
  return (
    <div className="form-errors" role="alert">
      {message.split('\n').map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}
