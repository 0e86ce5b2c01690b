import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { useEconomicsText } from '../messages'
import { type Period, PRESETS, type Preset, periodProblem, presetOf, presetPeriod } from '../period'

type Props = {
  /** The period shown. */
  period: Period
  /** Asks for another period (the page puts it in the URL). */
  onChange: (period: Period) => void
}

/**
 * The period picker: a preset (Last 12 months, This year...) applies at once; dates typed by hand
 * apply with Apply, once both are days, in order, and less than ten years apart (the server's rules).
 */
export function PeriodPicker({ period, onChange }: Props) {
  // A new period from outside (a preset, the back button) resets what was typed.
  return <PeriodForm key={`${period.from}|${period.to}`} period={period} onChange={onChange} />
}

function PeriodForm({ period, onChange }: Props) {
  const et = useEconomicsText()
  const id = useId()
  const [from, setFrom] = useState(period.from)
  const [to, setTo] = useState(period.to)
  const [tried, setTried] = useState(false)
  const problem = periodProblem({ from, to })
  const preset = presetOf(period)
  const options = [...PRESETS.map((p) => ({ value: p, label: et(`preset.${p}`) })), ...(preset === 'custom' ? [{ value: 'custom', label: et('preset.custom') }] : [])]
  const showProblem = tried && problem !== null
  return (
    <form
      className="economics-period"
      aria-label={et('periodLegend')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setTried(true)
        if (!problem) onChange({ from, to })
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-preset`}>
          {et('period')}
        </label>
        <Select id={`${id}-preset`} value={preset} options={options} onValueChange={(value) => value !== 'custom' && onChange(presetPeriod(value as Preset))} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-from`}>
          {et('from')}
        </label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
          aria-invalid={showProblem || undefined}
          aria-describedby={showProblem ? `${id}-problem` : undefined}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-to`}>
          {et('to')}
        </label>
        <Input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => setTo(e.target.value)}
          aria-invalid={showProblem || undefined}
          aria-describedby={showProblem ? `${id}-problem` : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" className="economics-period-apply">
        {et('apply')}
      </Button>
      {showProblem && (
        <p id={`${id}-problem`} className="field-error economics-period-problem" role="alert">
          {et(`problem.${problem}`)}
        </p>
      )}
    </form>
  )
}
