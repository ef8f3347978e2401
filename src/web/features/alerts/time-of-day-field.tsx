// A labelled local time of day (HH:MM) in the alerts settings: the summary's time, quiet hours' start and end.
import { inputClass, labelClass } from "../../components/form-field";

export function TimeOfDayField(props: {
  id: string;
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={labelClass}>
        {props.label}
      </label>
      <input
        id={props.id}
        type="time"
        required
        className={`mt-1 block ${inputClass}`}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
